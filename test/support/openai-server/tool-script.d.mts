import type { RecordedRequest, ScriptedResponse } from './server.mjs';

export const TOOL_RESULTS_PREFIX: string;
export const TOOL_RESULTS_JOINER: string;
export const REFUSES_TOOLS_MESSAGE: string;

/** A streamed reply whose only content is these calls ([function name, arguments]), finish reason `tool_calls`. */
export function toolCallStream(calls: [string, Record<string, unknown>][], options?: { delayMs?: number }): ScriptedResponse;

/** A model that calls the offered tools as the user's message says (see tool-script.mjs). */
export function toolScript(options?: { refuseTools?: boolean; delayMs?: number }): (request: RecordedRequest) => ScriptedResponse;
