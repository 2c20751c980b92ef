import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkStop } from './screen-checks';
import { seedChats, type SeedChat } from './seed-chats';
import { pagePerTest } from './page-per-test';

// Journey: a person looks for a rare word they remember from an old, long chat, and lands on it.
// The app with the deterministic echo model (test/support/e2e-app): every reply is "Echo: <message>".
const appUrl = inject('modelAppUrl');
const at = (path: string) => new URL(path.replace(/^\//, ''), appUrl).href;

let page: Page;
pagePerTest({ onOpen: (opened) => ({ page } = opened) });

/** Messages in the long chat; the rare word is in one near its start, far above the latest. */
const LONG_CHAT_MESSAGES = 120;
const HIT_INDEX = 10;
const RARE = 'Ångströmzanzibar';

/** The long chat with the rare word in one message, and another chat without it. */
function chatsToSeed(messages = LONG_CHAT_MESSAGES, hitIndex = HIT_INDEX): SeedChat[] {
  const filler = (i: number) => `Paragraph ${i}: a long enough message about nothing in particular, so that the chat is taller than the screen. `.repeat(3);
  return [
    { id: 'long', title: 'The long chat', offsetMs: 0, texts: Array.from({ length: messages }, (_, i) => (i === hitIndex ? `We talked about the ${RARE} once, long ago.` : filler(i))) },
    { id: 'other', title: 'Another chat', offsetMs: 10 * 60 * 60_000, texts: ['Nothing rare here.', 'Indeed.'] },
  ];
}
const HIT_ID = `long-m${String(HIT_INDEX).padStart(4, '0')}`;
/** A day ago: the seeded chats sit under an older group than today's. */
const SEED_AGO_MS = 86_400_000;

describe('search', () => {
  it('a rare word, typed without its accent and in part, opens the chat scrolled to the highlighted message', async () => {
    await page.goto(at('/assets/not-the-app.txt'));
    await page.evaluate(seedChats, { chats: chatsToSeed(), startMs: Date.now() - SEED_AGO_MS });
    const hitId = HIT_ID;
    await page.goto(at('/'));
    await page.getByRole('navigation', { name: 'Chats and navigation' }).getByRole('link', { name: 'The long chat' }).waitFor();

    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search chat titles and messages' });
    await box.waitFor();
    // The index is built in its worker from what is stored (and kept in IndexedDB for the next visit).
    await page.locator('.search-palette__body[data-index="ready"]').waitFor({ timeout: 20_000 });
    await box.pressSequentially('angstromz');
    const option = page.getByRole('option', { name: /The long chat/ });
    await option.waitFor();
    // The list may still be redrawn as the index answers: the count settles at one.
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    // What was typed is emphasised, as written in the message (accents and all).
    expect(await option.locator('mark').textContent()).toBe('Ångströmz');
    await checkStop(page, 'the palette with the hit');

    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.endsWith('/chat/long') && url.searchParams.get('message') === hitId);
    const item = page.locator(`.thread__item[data-message-id="${hitId}"]`);
    await expect.poll(() => item.getAttribute('data-highlight')).toBe('on');
    // In view, not at the bottom of the chat, where it opens otherwise.
    await expect.poll(() => item.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    const nearBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 40);
    expect(nearBottom).toBe(false);
    // The hit is shown; the user's next action is typing (issue 10), so focus is in the composer.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)).toBe('TEXTAREA');
    expect(await item.getByText(RARE, { exact: false }).count()).toBe(1);
    await checkStop(page, 'the chat opened at the hit');
    // The highlight is brief.
    await item.waitFor({ state: 'attached' });
    await expect.poll(() => item.getAttribute('data-highlight'), { timeout: 5000 }).toBeNull();
  });

  it('finds a message saved after the index was built, and keeps the index for the next visit', async () => {
    await page.goto(at('/assets/not-the-app.txt'));
    await page.evaluate(seedChats, { chats: chatsToSeed(4, 1), startMs: Date.now() - SEED_AGO_MS });
    await page.goto(at('/'));
    await page.getByRole('navigation', { name: 'Chats and navigation' }).getByRole('link', { name: 'Another chat' }).waitFor({ timeout: 8000 });
    await page.keyboard.press('Control+k');
    await page.locator('.search-palette__body[data-index="ready"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    // A message sent in a chat while the index exists (its title does not say it): the index follows.
    await page.goto(at('/chat/other'));
    await page.getByRole('heading', { name: 'Another chat', level: 1 }).waitFor({ timeout: 8000 });
    await page.getByRole('textbox', { name: 'Message' }).fill('Remember the word xylophonique');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.getByText('Echo: Remember the word xylophonique', { exact: true }).waitFor({ timeout: 8000 });
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search chat titles and messages' });
    await box.fill('xylophoniq');
    const option = page.getByRole('option', { name: /Another chat/ });
    await option.waitFor({ timeout: 8000 });
    expect(await option.textContent()).toContain('xylophonique');
    await page.keyboard.press('Escape');

    // The next visit loads the stored index instead of building it.
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('parley');
          open.onsuccess = () => {
            const request = open.result.transaction('searchIndex').objectStore('searchIndex').count();
            request.onsuccess = () => resolve(request.result);
          };
        }),
    );
    expect(stored).toBe(1);
  });
});
