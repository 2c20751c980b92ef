/**
 * The door of responses/: OpenAI's Responses API (issue 27) — its request, its events, its
 * errors. The registry (providers/api-model.ts) loads responses-model.ts with the first request
 * of a connection set to it, by that file's name (its own chunk).
 */
export { createResponsesModel, responsesFormat } from './responses-model';
export { createResponsesDecoder, responsesError } from './responses-events';
export { responsesBody, type ResponsesRequestOptions } from './responses-request';
