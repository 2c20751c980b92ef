import { visionRejection } from '../attachments';
import { ChatModelError, type ChatErrorCode, type ChatModel, type ChatModelMessage } from '../model';
import { appendReasoningSegment, combinedUsage, replyTiming, segmentsOf } from './reply-figures';
import { withToolCallPiece } from './tool-calls';
import type { RequestOffer } from '../tools';
import { refusesTools } from '../tools/tool-refusal';
import type { Chat, Message, ReplySegment } from '../types';

/**
 * One streaming reply: applies deltas to the message in memory at once, saves the growing
 * message at most once per STREAM_SAVE_INTERVAL_MS (so a crash loses at most about a second of
 * text, SPEC B5) and certainly at the end. A stopped or failed reply keeps what arrived.
 */

/** Longest stretch of streamed text that lives only in memory. */
export const STREAM_SAVE_INTERVAL_MS = 1000;
export { CHARS_PER_TOKEN_ESTIMATE } from './reply-figures';

export type SavePhase = 'start' | 'progress' | 'end';

export interface GenerationFailure {
  code: ChatErrorCode;
  message: string;
  status?: number;
  retryAfterMs?: number;
  reason?: string;
}

export interface GenerationRequest {
  model?: string;
  messages: ChatModelMessage[] | Promise<ChatModelMessage[]>;
  temperature?: number;
  maxTokens?: number;
  /** Anthropic's thinking budget and Responses' reasoning effort (issue 27): each format reads its own. */
  thinkingBudget?: number;
  reasoningEffort?: Chat['reasoningEffort'];
  /** A chat with tools (issue 16) or web search (issue 37): what it offers, read from their settings first. */
  tools?: Promise<RequestOffer | undefined>;
}

export interface GenerationOptions {
  model: ChatModel;
  /** Messages with attachments come as a promise: their rows are read and encoded first; a whole request does while the user's library is read. */
  request: GenerationRequest | Promise<GenerationRequest>;
  /** The assistant message, status 'streaming': empty, or a partial reply being continued (a new segment). */
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

/** The reason a reply failed because the model takes no pictures (the UI says "<model> does not accept images"). */
export const REJECTS_IMAGES_REASON = 'model-rejects-images';

const carriesImages = (messages: readonly ChatModelMessage[]) =>
  messages.some((message) => Array.isArray(message.content) && message.content.some((part) => part.type === 'image_url'));

function describeError(error: unknown, withImages: boolean, withTools: boolean): GenerationFailure {
  if (error instanceof ChatModelError) {
    if (withTools && refusesTools(error.status, error.message)) return { code: 'tools-unsupported', message: error.message, status: error.status };
    // Only a request with pictures: the same words about a text request mean something else.
    const rejectsImages = withImages && visionRejection(error.status, error.message) !== undefined;
    const reason = rejectsImages ? REJECTS_IMAGES_REASON : error.reason;
    return { code: error.code, message: error.message, status: error.status, retryAfterMs: error.retryAfterMs, reason };
  }
  return { code: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

export function startGeneration(options: GenerationOptions): Generation {
  const { model, now, onUpdate, save, onFinish } = options;
  /** The request as sent: its Maximum tokens is kept on a reply the length limit ended. */
  let sent: GenerationRequest | undefined = 'then' in options.request ? undefined : options.request;
  const controller = new AbortController();
  // A continued reply's figures are worked out again over all its segments when it settles.
  const { timing: _settled, ...partial } = options.message;
  let message: Message = { ...partial, segments: [...segmentsOf(options.message), { startedAt: now() }] };
  // Where this segment's answer starts: a Continue appends to the text before it.
  const contentStart = message.content.length;
  let finished = false;
  let withImages = false;
  let withTools = false;
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

  /** Applies a delta received now: `change` edits the message and this segment's record of it. */
  const received = (change: (segment: ReplySegment, at: number) => Partial<Message>) => {
    const at = now();
    const segments = message.segments!;
    const segment: ReplySegment = { ...segments.at(-1)!, lastDeltaAt: at };
    const patch = change(segment, at);
    const nextSegments = [...segments.slice(0, -1), segment];
    const usage = combinedUsage(nextSegments);
    update({ ...message, ...patch, segments: nextSegments, ...(usage && { usage }) });
  };

  const finish = (status: Message['status'], error?: unknown) => {
    if (finished) return;
    finished = true;
    clearTimeout(saveTimer);
    controller.abort();
    const failure = status === 'error' ? describeError(error, withImages, withTools) : undefined;
    message = {
      ...message,
      status,
      timing: replyTiming(message),
      // Which limit ended a length-cut reply decides what the app suggests raising.
      ...(message.finishReason === 'length' && sent?.maxTokens !== undefined && { maxTokens: sent.maxTokens }),
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
      // Awaited only when there is something to wait for: a plain request starts in this very task.
      const request = sent ?? (sent = await options.request);
      const messages = Array.isArray(request.messages) ? request.messages : await request.messages;
      const offer = request.tools && (await request.tools);
      const tools = offer?.tools;
      // Stopped while the attachments (or tools) were read: nothing is sent.
      if (finished) return;
      withImages = carriesImages(messages);
      withTools = (tools?.length ?? 0) > 0;
      const { tools: _pending, ...rest } = request;
      for await (const delta of model.stream({ ...rest, messages, ...(withTools && { tools }), webSearch: offer?.webSearch, signal: controller.signal })) {
        if (finished) break;
        switch (delta.type) {
          case 'content':
            if (delta.text === '') break;
            received((segment, at) => {
              segment.firstTokenAt ??= at;
              segment.firstContentAt ??= at;
              return { content: message.content + delta.text };
            });
            break;
          case 'reasoning':
            if (delta.text === '') break;
            received((segment, at) => {
              segment.firstTokenAt ??= at;
              const first = segment.firstReasoningAt === undefined;
              segment.firstReasoningAt ??= at;
              return { reasoning: first ? appendReasoningSegment(message.reasoning, delta.text) : (message.reasoning ?? '') + delta.text };
            });
            break;
          case 'usage':
            received((segment) => {
              segment.usage = { ...segment.usage, ...delta.usage };
              return {};
            });
            break;
          case 'finish':
            received(() => ({ finishReason: delta.reason }));
            break;
          case 'timing':
            received((segment) => {
              segment.reported = { ...segment.reported, ...delta.timing };
              return {};
            });
            break;
          case 'content-was-reasoning':
            // Only this segment's text: what earlier segments answered stays the answer.
            received((segment) => {
              const thought = message.content.slice(contentStart);
              if (thought === '') return {};
              const first = segment.firstReasoningAt === undefined;
              segment.firstReasoningAt ??= segment.firstContentAt;
              segment.firstContentAt = undefined;
              return {
                reasoning: first ? appendReasoningSegment(message.reasoning, thought) : (message.reasoning ?? '') + thought,
                content: message.content.slice(0, contentStart),
              };
            });
            break;
          case 'tool-call':
            received(() => ({ toolCalls: withToolCallPiece(message.toolCalls, delta) }));
            break;
          case 'thinking-block':
            received(() => ({ thinkingBlocks: [...(message.thinkingBlocks ?? []), delta.block] }));
            break;
          case 'response-id':
            update({ ...message, responseId: delta.id });
            break;
          case 'citation': {
            // Spans count in this stream's text: a Continue's start after the text before it.
            const { start, end } = delta.citation;
            const placed = start !== undefined && end !== undefined ? { start: start + contentStart, end: end + contentStart } : {};
            update({ ...message, citations: [...(message.citations ?? []), { ...delta.citation, ...placed }] });
            break;
          }
          case 'search': {
            const searches = message.searches ?? [];
            const at = searches.findIndex((step) => step.id === delta.search.id);
            const next = at < 0 ? [...searches, delta.search] : searches.map((step, i) => (i === at ? { ...step, ...delta.search } : step));
            update({ ...message, searches: next });
            break;
          }
          case 'skipped-events':
            update({ ...message, skippedEvents: (message.skippedEvents ?? 0) + delta.count });
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
