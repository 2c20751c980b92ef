import type { ScriptedResponse } from './server.mjs';

export type WebSearchFixtureName = 'responses' | 'anthropic' | 'anthropicError' | 'chatCompletions';

export const WEB_SEARCH_FIXTURES_DIR: string;
export const WEB_SEARCH_FIXTURES: Record<WebSearchFixtureName, string>;
export function webSearchFixture(name: WebSearchFixtureName): string;
export function webSearchStream(name: WebSearchFixtureName, options?: { delayMs?: number }): ScriptedResponse;
export function responsesSearchStream(options?: { delayMs?: number }): ScriptedResponse;
export function anthropicSearchStream(options?: { delayMs?: number }): ScriptedResponse;
export function anthropicSearchErrorStream(options?: { delayMs?: number }): ScriptedResponse;
export function chatCompletionsAnnotationsStream(options?: { delayMs?: number }): ScriptedResponse;
