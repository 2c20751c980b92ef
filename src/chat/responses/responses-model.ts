import { createNativeModel, type NativeFormat } from '../native';
import type { OpenAiConnection, OpenAiModel, OpenAiModelOptions } from '../wire';
import { createResponsesDecoder } from './responses-events';
import { responsesBody } from './responses-request';

/** A ChatModel speaking OpenAI's Responses API (issue 27): POST {base}/responses, streamed. */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer's text in a whole response: its `message` items' `output_text` parts. */
function outputText(body: unknown): string {
  if (!isObject(body) || !Array.isArray(body.output)) return '';
  return body.output
    .flatMap((item) => (isObject(item) && item.type === 'message' && Array.isArray(item.content) ? item.content : []))
    .map((part) => (isObject(part) && part.type === 'output_text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** OpenAI's Responses API as a NativeFormat. */
export function responsesFormat(options: OpenAiModelOptions = {}, store = false): NativeFormat {
  return {
    path: 'responses',
    body: (request, stream) => responsesBody(request, { stream, store: store && stream, temperature: options.temperature, maxTokens: options.maxTokens }),
    decoder: createResponsesDecoder,
    replyText: outputText,
  };
}

export function createResponsesModel(connection: OpenAiConnection, options: OpenAiModelOptions = {}): OpenAiModel {
  return createNativeModel(connection, responsesFormat(options, connection.storeResponses === true), options);
}
