import type { Page } from 'playwright-core';
import type { OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';

export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Stores a connection to the test server (as Settings would), then opens the app on it. */
export async function openConnectedApp(page: Page, appUrl: string, server: OpenAiServer, kind = 'custom') {
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, { baseUrl: server.url, kind });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

/** Sends a message from the home page and waits for its chat page. */
export async function sendFromHome(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await page.waitForURL(/\/chat\/[^/]+$/);
}
