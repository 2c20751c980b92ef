import type { Page } from 'playwright-core';
import type { OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer } from './locators';

export { composer };

/** The longest the app's boot waits for an idle moment (IDLE_TIMEOUT_MS in src/app/boot.ts), plus a margin. */
const APP_IDLE_TIMEOUT_MS = 3500;

/**
 * Resolves once the idle work the app queued at boot has run: idle callbacks run in the order
 * they were queued, so one queued now runs after the app's (or both time out, ours later).
 */
export function afterAppIdle(page: Page): Promise<void> {
  return page.evaluate((timeout) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout })), APP_IDLE_TIMEOUT_MS);
}

/** Stores a connection to the test server (as Settings would), then opens the app on it. */
export async function openConnectedApp(page: Page, appUrl: string, server: OpenAiServer, kind = 'custom') {
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, { baseUrl: server.url, kind });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

/** The streamed chat completions the server received: one per reply the app asked for (title requests do not stream). */
export const streamedRequests = (server: OpenAiServer) =>
  server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions') && r.body?.stream);

/** Sends a message from the home page and waits for its chat page. */
export async function sendFromHome(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL(/\/chat\/[^/]+$/);
}
