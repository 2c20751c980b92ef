import { ChatModelError, type ChatErrorCode, type ChatModel, type ChatModelMessage } from './chat-model';
import type { Message, Timing } from './types';

/**
 * One streaming reply: applies deltas to the message in memory at once, saves the growing
 * message at most once per STREAM_SAVE_INTERVAL_MS (so a crash loses at most about a second of
 * text, SPEC B5) and certainly at the end. A stopped or failed reply keeps what arrived.
 */

/** Longest stretch of streamed text that lives only in memory. */
export const STREAM_SAVE_INTERVAL_MS = 1000;
/** Rough characters per token when the server reports no usage (English-like text). */
export const CHARS_PER_TOKEN_ESTIMATE = 4;

export type SavePhase = 'start' | 'progress' | 'end';

export interface GenerationFailure {
  code: ChatErrorCode;
  message: string;
  status?: number;
  retryAfterMs?: number;
  reason?: string;
}

export interface GenerationOptions {
  model: ChatModel;
  request: { model?: string; messages: ChatModelMessage[]; temperature?: number; maxTokens?: number };
  /** The assistant message, status 'streaming', empty. */
  message: Message;
  now(): number;
  /** The message changed in memory (every delta, and the final state). */
  onUpdate(message: Message): void;
  /** Persist; must not reject (the store reports storage failures itself). */
  save(message: Message, phase: SavePhase): Promise<void>;
  /** After the final state is known (before the final save completes). */
  onFinish(message: Message, failure?: GenerationFailure): void;
}

export interface Generation {
  readonly messageId: string;
  /** Aborts the stream; the message becomes 'stopped' with the text so far. */
  stop(): void;
  /** Resolves with the final message once its last save has been attempted. */
  readonly done: Promise<Message>;
}

function describeError(error: unknown): GenerationFailure {
  if (error instanceof ChatModelError) {
    return { code: error.code, message: error.message, status: error.status, retryAfterMs: error.retryAfterMs, reason: error.reason };
  }
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

function finalTiming(message: Message, startedAt: number, endedAt: number, firstTokenAt: number | undefined, reported: Timing): Timing {
  const totalMs = endedAt - startedAt;
  const firstTokenMs = firstTokenAt === undefined ? undefined : firstTokenAt - startedAt;
  const reportedTokens = message.usage?.completionTokens;
  const tokens = reportedTokens ?? Math.ceil((message.content.length + (message.reasoning?.length ?? 0)) / CHARS_PER_TOKEN_ESTIMATE);
  const generatingMs = firstTokenMs === undefined ? 0 : totalMs - firstTokenMs;
  const tokensPerSecond = generatingMs > 0 && tokens > 0 ? (tokens * 1000) / generatingMs : undefined;
  const timing: Timing = { firstTokenMs, totalMs, tokensPerSecond };
  if (reportedTokens === undefined) timing.estimated = true;
  // Figures the server measured itself are more exact than the client's.
  return { ...timing, ...reported };
}

export function startGeneration(options: GenerationOptions): Generation {
  const { model, request, now, onUpdate, save, onFinish } = options;
  const controller = new AbortController();
  const startedAt = now();
  let message = options.message;
  let firstTokenAt: number | undefined;
  let reportedTiming: Timing = {};
  let finished = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let saving = save(message, 'start').catch(() => {});
  let resolveDone!: (message: Message) => void;
  const done = new Promise<Message>((resolve) => (resolveDone = resolve));

  const queueSave = (phase: SavePhase) => {
    const snapshot = message;
    // A save that rejects anyway must not stop the later ones.
    saving = saving.then(() => save(snapshot, phase)).catch(() => {});
    return saving;
  };

  const update = (next: Message) => {
    message = next;
    onUpdate(message);
    saveTimer ??= setTimeout(() => {
      saveTimer = undefined;
      if (!finished) void queueSave('progress');
    }, STREAM_SAVE_INTERVAL_MS);
  };

  const finish = (status: Message['status'], error?: unknown) => {
    if (finished) return;
    finished = true;
    clearTimeout(saveTimer);
    controller.abort();
    const failure = status === 'error' ? describeError(error) : undefined;
    message = {
      ...message,
      status,
      timing: finalTiming(message, startedAt, now(), firstTokenAt, reportedTiming),
      ...(failure && { error: failure.message, errorCode: failure.code, ...(failure.reason && { errorReason: failure.reason }) }),
      ...(failure?.retryAfterMs !== undefined && { retryAfterMs: failure.retryAfterMs, retryAt: now() + failure.retryAfterMs }),
    };
    onUpdate(message);
    onFinish(message, failure);
    void queueSave('end').then(() => resolveDone(message));
  };

  controller.signal.addEventListener('abort', () => finish('stopped'));

  const run = async () => {
    try {
      for await (const delta of model.stream({ ...request, signal: controller.signal })) {
        if (finished) break;
        switch (delta.type) {
          case 'content':
          case 'reasoning': {
            if (delta.text === '') break;
            firstTokenAt ??= now();
            const field = delta.type === 'content' ? 'content' : 'reasoning';
            update({ ...message, [field]: (message[field] ?? '') + delta.text });
            break;
          }
          case 'usage':
            update({ ...message, usage: { ...message.usage, ...delta.usage } });
            break;
          case 'finish':
            update({ ...message, finishReason: delta.reason });
            break;
          case 'timing':
            reportedTiming = { ...reportedTiming, ...delta.timing };
            break;
          case 'content-was-reasoning':
            update({ ...message, reasoning: (message.reasoning ?? '') + message.content, content: '' });
            break;
        }
      }
      finish('complete');
    } catch (error) {
      // A stop has already finished the reply (synchronously, on abort); anything thrown now is a
      // failure, even an AbortError from a timeout inside the model.
      finish('error', error);
    }
  };
  // Started after the caller has recorded this generation, so even a model that fails at once finishes after that.
  queueMicrotask(() => void run());

  return { messageId: message.id, stop: () => controller.abort(), done };
}
