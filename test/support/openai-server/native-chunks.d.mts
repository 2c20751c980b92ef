import type { ScriptedResponse, Step } from './server.mjs';

export interface NativeToolCall {
  id: string;
  name: string;
  /** JSON text, streamed in pieces. */
  arguments: string;
}

export interface AnthropicStreamOptions {
  thinking?: string;
  signature?: string;
  text?: string;
  toolCalls?: NativeToolCall[];
  stopReason?: string;
  inputTokens?: number;
  outputTokens?: number;
  model?: string;
  /** Ends the stream with an `error` event carrying this (`{type, message}`). */
  error?: { type: string; message: string };
}

export interface ResponsesStreamOptions {
  summary?: string;
  text?: string;
  toolCalls?: NativeToolCall[];
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  model?: string;
  end?: 'completed' | 'incomplete' | 'failed';
  incompleteReason?: string;
  failure?: { code: string; message: string };
}

export function anthropicError(status: number, type: string, message: string, headers?: Record<string, string>): ScriptedResponse;
export function anthropicSteps(options?: AnthropicStreamOptions): Step[];
export function anthropicStream(options?: AnthropicStreamOptions): ScriptedResponse;
export function responsesSteps(options?: ResponsesStreamOptions): Step[];
export function responsesStream(options?: ResponsesStreamOptions): ScriptedResponse;
