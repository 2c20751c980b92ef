/**
 * The wire formats a connection may speak (issue 27) and the presets that choose one: kept apart
 * from connection.ts, which the first screen loads, since only Settings, backups and the routing
 * ever ask which format a connection speaks.
 */
import type { WireApi } from '../wire';
import type { ConnectionPreset } from './connection';

export type { WireApi } from '../wire';

const WIRE_APIS: readonly WireApi[] = ['anthropic', 'responses'];

export const isWireApi = (value: unknown): value is WireApi => typeof value === 'string' && (WIRE_APIS as readonly string[]).includes(value);

/** A preset that speaks a format of its own. */
export interface ApiPreset extends ConnectionPreset {
  readonly api: WireApi;
}

/**
 * Anthropic's Messages API answers browsers directly (with its direct-access header); OpenAI's
 * Responses API is where its reasoning models show their reasoning summaries.
 */
export const API_PRESETS: readonly ApiPreset[] = [
  { kind: 'custom', name: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1', needsKey: true, api: 'anthropic' },
  { kind: 'openai', name: 'OpenAI (Responses)', baseUrl: 'https://api.openai.com/v1', needsKey: true, api: 'responses' },
];

/** The preset a connection of this format starts from, when the format has one. */
export const apiPresetFor = (api: WireApi | undefined): ApiPreset | undefined => API_PRESETS.find((preset) => preset.api === api);
