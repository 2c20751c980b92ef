import type { Responder, ScriptedResponse, Step, RecordedRequest } from './server.mjs';

export const CREATED: number;
export const DEFAULT_MODEL: string;
export const DEFAULT_CHUNK_SIZE: number;
export const DEFAULT_PROMPT_TOKENS: number;

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface StreamOptions {
  /** Characters per chunk when `text` is a string (default 4). */
  chunkSize?: number;
  /** Wait before every chunk (the first too), in ms. */
  delayMs?: number;
  /** Reasoning sent first, as `delta.reasoning_content`. */
  reasoning?: string | string[];
  /** null: no finish chunk. Default 'stop'. */
  finishReason?: string | null;
  /** false: no `data: [DONE]`. */
  done?: boolean;
  /** false: no usage chunk; an object: exactly this usage. */
  usage?: Usage | false;
  promptTokens?: number;
  /** llama.cpp-style `timings`, attached to the last chunk. */
  timings?: Record<string, number>;
  model?: string;
  id?: string;
  /** Break the connection after this many steps. */
  disconnectAfter?: number;
}

export function sseEvent(value: unknown, options?: { event?: string }): string;
export function chunk(delta: Record<string, unknown>, options?: { id?: string; model?: string; finishReason?: string | null; extra?: Record<string, unknown> }): Record<string, unknown>;
export function splitText(text: string, size?: number): string[];
export function streamSteps(text: string | string[], options?: StreamOptions): Step[];
export function textStream(text: string | string[], options?: StreamOptions): ScriptedResponse;
export function completion(text: string | string[], options?: Omit<StreamOptions, 'delayMs' | 'done' | 'timings' | 'disconnectAfter'>): ScriptedResponse;
export function reply(text: string | string[], options?: StreamOptions): (request: RecordedRequest) => ScriptedResponse;
export function echoLastUser(options?: StreamOptions & { prefix?: string }): (request: RecordedRequest) => ScriptedResponse;
export function errorResponse(
  status: number,
  message: string,
  options?: { type?: string; code?: string | number | null; headers?: Record<string, string>; body?: unknown },
): ScriptedResponse;
export function benchmarkTokens(count: number): string[];
export type { Responder };
