import { useEffect, useState, useSyncExternalStore } from 'react';
import { connectionsSettings } from './connections-instance';
import type { ConnectionsStoreOptions } from './connections-store';
import { serverContext, type ServerContext } from '../wire';
import { connectionOfModel, contextLengthOfModel, toOpenAiConnection, type ConnectionsSnapshot } from './model-lists';
import { parseModelRef } from './model-ref';
import { createContextSettings, type ContextSettings, type ContextSettingsSnapshot } from './context-settings';

// A named door (loaded with the chat page and Settings, never the first screen): the context
// lengths the user set and the meter's calibration, kept where the connections are.

const perSettings = new WeakMap<ConnectionsStoreOptions, ContextSettings>();

/** The app's context settings: one per configured settings storage (a test's reset gets a new one). */
export function getContextSettings(): ContextSettings {
  const options = connectionsSettings();
  let settings = perSettings.get(options);
  if (!settings) perSettings.set(options, (settings = createContextSettings(options)));
  return settings;
}

export function useContextSettings(): ContextSettingsSnapshot {
  const settings = getContextSettings();
  const snapshot = useSyncExternalStore(settings.subscribe, settings.getSnapshot, settings.getSnapshot);
  useEffect(() => {
    void settings.init();
  }, [settings]);
  return snapshot;
}

export type { ServerContext, ServerContextSource } from '../wire';
export { CONTEXT_CALIBRATION_KEY, MAX_USER_CONTEXT, MODEL_CONTEXTS_KEY, type ContextSettingsSnapshot } from './context-settings';

// What a local server says of a model's context, asked once per model reference in this tab.
const asked = new Map<string, Promise<ServerContext | undefined>>();
/** The answers that came, for what must decide at once (automatic compaction before a send). */
const answered = new Map<string, ServerContext | undefined>();

export type ContextSource = 'user' | 'list' | 'props' | 'show';

export interface ContextFigure {
  tokens: number;
  source: ContextSource;
}

/** The context the model has: what the user set wins, then what the server runs it with (/props, /api/show), then its model list. */
export function contextFigure(userSet: number | undefined, listed: number | undefined, server: ServerContext | undefined): ContextFigure | undefined {
  if (userSet !== undefined) return { tokens: userSet, source: 'user' };
  if (server !== undefined) return server;
  if (listed !== undefined) return { tokens: listed, source: 'list' };
  return undefined;
}

/**
 * The context of `ref` as the meter shows it, from what is known now (the user's value, a local
 * server's answer already in, the model list): the one figure the meter and automatic compaction share.
 */
export function knownContext(snapshot: ConnectionsSnapshot, ref: string | undefined): ContextFigure | undefined {
  if (!ref) return undefined;
  // Only an answer already in (the meter asked it when the chat opened): a send never waits on one.
  return contextFigure(getContextSettings().getSnapshot().contexts[ref], contextLengthOfModel(snapshot, ref), answered.get(ref));
}

/** The model's learnt ratio of reported to estimated tokens (the meter's calibration), if any. */
export const knownCalibration = (ref: string | undefined): number | undefined => (ref ? getContextSettings().getSnapshot().calibration[ref] : undefined);

/** The context llama.cpp's /props or Ollama's /api/show give for `ref`; undefined for other servers. */
export function askServerContext(snapshot: ConnectionsSnapshot, ref: string | undefined): Promise<ServerContext | undefined> | undefined {
  const connection = connectionOfModel(snapshot, ref);
  const modelId = parseModelRef(ref)?.modelId;
  if (!ref || !connection || !modelId || (connection.kind !== 'ollama' && connection.kind !== 'llamacpp')) return undefined;
  let answer = asked.get(ref);
  if (!answer) {
    answer = serverContext(toOpenAiConnection(connection), connection.kind, modelId);
    asked.set(ref, answer);
    void answer.then((context) => answered.set(ref, context), () => {});
  }
  return answer;
}

/** What the model's local server says of its context (askServerContext), once it answered; undefined until then or when it does not say. */
export function useServerContext(snapshot: ConnectionsSnapshot, ref: string | undefined): ServerContext | undefined {
  const [answer, setAnswer] = useState<{ ref: string; context?: ServerContext }>();
  useEffect(() => {
    let live = true;
    void askServerContext(snapshot, ref)?.then((context) => live && ref && setAnswer({ ref, context }));
    return () => {
      live = false;
    };
  }, [snapshot, ref]);
  return answer?.ref === ref ? answer?.context : undefined;
}
