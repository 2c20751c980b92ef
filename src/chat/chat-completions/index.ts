/**
 * The door of chat-completions/: OpenAI's Chat Completions format, which every OpenAI-compatible
 * server speaks (Ollama, llama.cpp, vLLM, LM Studio, OpenAI, OpenRouter…): the client
 * (`/chat/completions`), the reader of its chunks (with `<think>` tags and tool-call pieces), and
 * the reply reader the formats of their own share for a body that is not an event stream.
 */
export { createOpenAiModel, searchesWith, wireMessage } from './openai-model';
export { BAD_LINE_QUOTE_CHARS, createChunkDecoder, DONE_MARKER, type ChunkDecoderOptions } from './chunk-decoder';
export { createThinkSplitter, THINK_CLOSE, THINK_OPEN, type ThinkPiece, type ThinkSplitter } from './think-splitter';
export { COMPLETION_MAX_BYTES, readReply } from './reply-reader';
