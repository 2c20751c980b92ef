import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkStop, focused, VIEWPORTS } from './screen-checks';
import { seedChats, type SeedChat } from './seed-chats';
import { pagePerTest } from './page-per-test';
import { storedRows, untilStored } from './stored-rows';

// Journey (issue 34): a person opens a chat of 2,000 messages, reads back to its start, finds a
// word with the browser's find-in-page, on a laptop and on a phone. Only the messages near the
// screen are rendered: the count of message elements is the same for 2,000 messages as for 200.
const appUrl = inject('appUrl');
const at = (path: string) => new URL(path.replace(/^\//, ''), appUrl).href;

/** Messages per group in the thread (src/pages/chat/thread.tsx): the unit rendered or left out. */
const GROUP = 5;
const RARE = 'Quokkamarmalade';
/** The message that holds the rare word: near the start, far above where the chat opens. */
const RARE_INDEX = 47;

function text(i: number): string {
  const sentence = `Message ${i} talks about layout, paint and the frame, because a long chat should cost what the screen shows.`;
  return i === RARE_INDEX ? `We once spoke of ${RARE} here.` : sentence.repeat(1 + (i % 4));
}
const chat = (id: string, title: string, messages: number, offsetMs: number): SeedChat => ({
  id,
  title,
  offsetMs,
  texts: Array.from({ length: messages }, (_, i) => text(i)),
});
const CHATS = [chat('long', 'Two thousand messages', 2_000, 0), chat('medium', 'Two hundred messages', 200, 60_000)];
const idOf = (chatId: string, index: number) => `${chatId}-m${String(index).padStart(4, '0')}`;

/** Browsers already seeded: the file shares one browser (and its database) per device. */
const seeded = new WeakSet<object>();

async function seed(page: Page) {
  if (seeded.has(page.context())) return;
  seeded.add(page.context());
  await page.goto(at('/assets/not-the-app.txt'));
  await page.evaluate(seedChats, { chats: CHATS, startMs: Date.now() - 86_400_000 });
}

const mounted = (page: Page) => page.locator('.thread__item').count();
const standIns = (page: Page) => page.locator('.thread__group[data-state="asleep"]').count();
/** Two animation frames: the window is read in the frame after layout settles. */
const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Opens a chat by its address and waits for its newest message on screen and the window settled. */
async function openChat(page: Page, chatId: string, messages: number) {
  await page.goto(at(`/chat/${chatId}`));
  const newest = page.locator(`[data-message-id="${idOf(chatId, messages - 1)}"]`);
  await newest.waitFor();
  await expect.poll(() => newest.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight + 1)).toBe(true);
  await frames(page);
  await frames(page);
}

/** Scrolls to the top two screens per frame, as a fast flick does; the most message elements mounted on the way. */
function flickToTop(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        let most = 0;
        const step = () => {
          most = Math.max(most, document.querySelectorAll('.thread__item').length);
          if (window.scrollY === 0 && document.querySelector('[data-message-id$="-m0000"]')) return done(most);
          window.scrollBy({ top: -2 * window.innerHeight, behavior: 'instant' });
          requestAnimationFrame(step);
        };
        step();
      }),
  );
}

for (const device of ['desktop', 'phone'] as const) {
  const phone = device === 'phone';
  describe(`a 2,000-message chat on a ${device} (${phone ? 'dark' : 'light'})`, () => {
    let page: Page;
    pagePerTest({
      browser: 'file',
      viewport: VIEWPORTS[device],
      colorScheme: phone ? 'dark' : 'light',
      hasTouch: phone,
      isMobile: phone,
      onOpen: (opened) => ({ page } = opened),
    });

    it('opens with as many messages rendered as a 200-message chat, the rest standing in', async () => {
      await seed(page);
      await openChat(page, 'medium', 200);
      const medium = await mounted(page);
      await openChat(page, 'long', 2_000);
      const long = await mounted(page);
      expect(long).toBe(medium);
      expect(long).toBeGreaterThan(0);
      // What fits a screen and one more above and below it: a few groups, however long the chat.
      expect(long).toBeLessThanOrEqual(8 * GROUP);
      expect(await standIns(page)).toBe(2_000 / GROUP - long / GROUP);
      await checkStop(page, 'a 2,000-message chat, open at its end');
    });

    it('reads back to the first message two screens per frame, never rendering more than a few groups', async () => {
      await seed(page);
      await openChat(page, 'long', 2_000);
      const most = await flickToTop(page);
      expect(most).toBeLessThanOrEqual(20 * GROUP);
      await page.locator(`[data-message-id="${idOf('long', 0)}"]`).waitFor();
      await frames(page);
      // At the top: the first groups and the newest (always kept) are rendered, no more.
      expect(await mounted(page)).toBeLessThanOrEqual(12 * GROUP);
      expect(await page.getByText('Message 0 talks about layout', { exact: false }).first().isVisible()).toBe(true);
      await checkStop(page, 'a 2,000-message chat, read back to its start');
    });

    it('find-in-page reaches a word in a message that is not rendered', async () => {
      await seed(page);
      // A text fragment goes through the browser's own find, as Ctrl+F does: the group holding
      // the word is opened (beforematch) and scrolled into view.
      await page.goto(at(`/chat/long#:~:text=${RARE}`));
      const item = page.locator(`.thread__item[data-message-id="${idOf('long', RARE_INDEX)}"]`);
      await item.waitFor();
      await expect.poll(() => item.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      })).toBe(true);
      expect(await item.textContent()).toContain(RARE);
    });

    it('typing with an input method in its message box: the composed text lands, and survives a reload', async () => {
      await seed(page);
      await openChat(page, 'long', 2_000);
      const box = page.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => focused(page)).toContain('textarea');
      const before = await mounted(page);
      // Chromium's own input-method events, as a Japanese keyboard sends them: composing, then committed.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 });
      await expect.poll(() => box.inputValue()).toBe('にほん');
      await cdp.send('Input.insertText', { text: '日本' });
      await expect.poll(() => box.inputValue()).toBe('日本');
      await page.keyboard.type('語');
      await cdp.detach();
      // Typing renders no message: the thread is as it was.
      expect(await mounted(page)).toBe(before);
      // The draft is saved as typed (a moment after the last key) and comes back with the page.
      await untilStored<{ key: string; text: string }>(page, 'drafts', (row) => row.key === 'long' && row.text === '日本語');
      await page.reload();
      await page.locator(`[data-message-id="${idOf('long', 1_999)}"]`).waitFor();
      await expect.poll(() => box.inputValue()).toBe('日本語');
      // The next test of the file starts with an empty box.
      await box.fill('');
      await expect.poll(async () => (await storedRows<{ key: string; text: string }>(page, 'drafts')).some((row) => row.key === 'long' && row.text !== '')).toBe(false);
    });

    if (!phone) {
      it('with the keyboard alone: from the message box into the thread, Home reads back to the start', async () => {
        await seed(page);
        await openChat(page, 'long', 2_000);
        // From the message box (where the page puts focus), Shift+Tab walks back into the newest message's actions.
        await page.getByRole('textbox', { name: 'Message' }).focus();
        for (let presses = 0; presses < 12 && !(await focused(page)).includes('button'); presses += 1) await page.keyboard.press('Shift+Tab');
        for (let presses = 0; presses < 12 && !(await page.evaluate(() => !!document.activeElement?.closest('.thread'))); presses += 1) await page.keyboard.press('Shift+Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('.thread'))).toBe(true);
        await page.keyboard.press('Home');
        await page.locator(`[data-message-id="${idOf('long', 0)}"]`).waitFor();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        // The focused button's group stays rendered, so focus is where it was.
        expect(await page.evaluate(() => !!document.activeElement?.closest('.thread'))).toBe(true);
        // End brings the newest message back into view.
        await page.keyboard.press('End');
        const newest = page.locator(`[data-message-id="${idOf('long', 1_999)}"]`);
        await expect.poll(() => newest.evaluate((el) => el.getBoundingClientRect().top < window.innerHeight)).toBe(true);
      });
    }
  });
}
