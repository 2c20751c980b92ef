/** The connection to OpenAI-compatible servers: streaming replies, titles, model lists, errors (SPEC B4, B6). */
export {
  cleanTitle,
  createOpenAiModel,
  TITLE_CONTEXT_CHARS,
  TITLE_INSTRUCTION,
  TITLE_MAX_TOKENS,
  TITLE_TEMPERATURE,
  type OpenAiChatRequest,
  type OpenAiModel,
  type OpenAiModelOptions,
  type SamplingOptions,
} from './openai-model';
export { serverContext, serverRoot, type ServerContext, type ServerContextSource } from './server-context';
export { listModelCatalog, listModels, modelCatalogOf, modelIdsOf, type ListModelsOptions, type ModelCatalog } from './list-models';
export type { OpenAiConnection, TransportOptions, WireApi } from './transport';
export { errorReason, OpenAiModelError, type OpenAiErrorDetails, type OpenAiErrorReason } from './openai-error';
export { ERROR_BODY_MAX_BYTES, isMixedContent, noCorsProbe, PROBE_TIMEOUT_MS, type Probe } from './http-errors';
export { parseDuration, parseRetryAfter, retryAfterFromMessage, retryAfterMs } from './retry-after';
export { createSseParser, type SseEvent, type SseParser } from './sse-parser';
export { BAD_LINE_QUOTE_CHARS, createChunkDecoder, DONE_MARKER, type ChunkDecoder, type DecodedDelta } from './chunk-decoder';
export { createThinkSplitter, THINK_CLOSE, THINK_OPEN, type ThinkPiece, type ThinkSplitter } from './think-splitter';
export { coalesce, COMPLETION_MAX_BYTES } from './reply-reader';
export { createWorkerOpenAiModel, startStreamWorker } from './worker-model';
