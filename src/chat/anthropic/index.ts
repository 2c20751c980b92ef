/**
 * The door of anthropic/: Anthropic's Messages API (issue 27) — its request, its events, its
 * errors. The registry (providers/api-model.ts) loads anthropic-model.ts with the first request
 * of a connection set to it, by that file's name (its own chunk).
 */
export { anthropicFormat, createAnthropicModel } from './anthropic-model';
export { anthropicError, createAnthropicDecoder } from './anthropic-events';
export { ANSWER_TOKENS_ABOVE_BUDGET, ANTHROPIC_DEFAULT_MAX_TOKENS, ANTHROPIC_WEB_SEARCH_TOOL, anthropicBody, MIN_THINKING_BUDGET, type AnthropicRequestOptions } from './anthropic-request';
