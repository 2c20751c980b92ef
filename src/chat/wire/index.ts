/**
 * The door of wire/: what every wire format shares (issue 35) — one connection's transport, its
 * errors (SPEC B6), the model lists and a server's facts, and the stream reader (server-sent
 * events, time-outs, the stream parts every format's reader yields, the interface each format's
 * client implements). The formats (chat-completions/, anthropic/, responses/) build on it;
 * providers/ picks a connection's. The first screen imports this door (connections/ reads a
 * server's context, and the errors' reasons); what loads later is re-exported here only as far as
 * the formats use it (esbuild leaves out what nothing uses).
 */
export {
  cleanTitle,
  TITLE_CONTEXT_CHARS,
  TITLE_INSTRUCTION,
  TITLE_MAX_TOKENS,
  TITLE_TEMPERATURE,
  titleMessages,
  type CreateFormatModel,
  type OpenAiChatRequest,
  type OpenAiModel,
  type OpenAiModelOptions,
  type SamplingOptions,
} from './format-model';
export type { ChunkDecoder, DecodedDelta, StreamPart } from './stream-parts';
export { codeUnitOffset, createCitationParts, MAX_STREAM_CITATIONS, type CitationFields } from './citation-parts';
export { serverContext, serverRoot, type ServerContext, type ServerContextSource } from './server-context';
export { listModelCatalog, listModels, modelCatalogOf, modelIdsOf, type ListModelsOptions, type ModelCatalog } from './list-models';
export { createTransport, type OpenAiConnection, type TransportOptions, type WireApi } from './transport';
export { errorReason, OpenAiModelError, type OpenAiErrorDetails, type OpenAiErrorReason } from './openai-error';
export { classifyServerError, readServerError, streamChunkError, type ServerError } from './error-body';
export { ERROR_BODY_MAX_BYTES, errorFromResponse, isMixedContent, noCorsProbe, PROBE_TIMEOUT_MS, readLimitedText, type Probe } from './http-errors';
export { diagnoseWrongFormat } from './wrong-format';
export { parseDuration, parseRetryAfter, retryAfterFromMessage, retryAfterMs } from './retry-after';
export { createSseParser, type SseEvent, type SseParser } from './sse-parser';
export { DEFAULT_STREAM_LIMITS, startStreamClock, type StreamClock, type StreamLimits } from './stream-clock';
export { coalesce, finish, readEvents, type ReadOptions } from './read-events';
