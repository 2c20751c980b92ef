import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestBrowser } from '../support/browser.mjs';
import { sendFromHome } from './connected-app';
import { composer as composerOf, heading as headingOf, nav as navOf, toasts as toastsOf } from './locators';
import { pagePerTest } from './page-per-test';
import { untilRepliesStored, untilStored } from './stored-rows';
import type { Chat, Message } from '../../src/chat/types';

// The app with the deterministic echo model (test/support/e2e-app): every reply is "Echo: <message>".
const appUrl = inject('modelAppUrl');
const at = (path: string) => new URL(path.replace(/^\//, ''), appUrl).href;

let browser: TestBrowser;
let page: Page;

/** Each test gets a fresh profile: its own IndexedDB. */
pagePerTest({ onOpen: (opened) => ({ browser, page } = opened) });

const nav = (p: Page = page) => navOf(p);
const heading = (p: Page = page) => headingOf(p);
const composer = (p: Page = page) => composerOf(p);
const toasts = () => toastsOf(page);

/** Sends a first message from home and waits for the chat page and the whole echo. */
async function startChat(text: string, p: Page = page) {
  await p.goto(at('/'));
  await sendFromHome(p, text);
  await p.getByText(`Echo: ${text}`, { exact: true }).waitFor();
  return new URL(p.url()).pathname;
}

describe('chats with real IndexedDB', () => {
  it('creates a chat from home, streams the reply once and still has it after a reload', async () => {
    const path = await startChat('Plan a trip to Lisbon');
    expect(await heading().textContent()).toBe('Plan a trip to Lisbon');
    expect(await nav().getByRole('link', { name: 'Plan a trip to Lisbon' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByText('Echo: Plan a trip to Lisbon', { exact: true }).count()).toBe(1);
    await untilRepliesStored(page);
    await page.reload();
    await page.getByText('Echo: Plan a trip to Lisbon', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.getByText('Plan a trip to Lisbon', { exact: true }).count()).toBeGreaterThanOrEqual(2);
  });

  it('renames, pins, deletes and undoes from the sidebar', async () => {
    await startChat('First chat');
    await startChat('Second chat');
    const options = (title: string) => nav().getByRole('button', { name: `Options for ${title}` });

    await options('First chat').click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const field = nav().getByRole('textbox', { name: 'Chat title' });
    await field.fill('Renamed chat');
    await field.press('Enter');
    await nav().getByRole('link', { name: 'Renamed chat' }).waitFor();

    await options('Renamed chat').click();
    await page.getByRole('menuitem', { name: 'Pin' }).click();
    const pinnedGroup = nav().getByRole('heading', { name: 'Pinned' });
    await pinnedGroup.waitFor();
    const firstLink = await nav().getByRole('link').filter({ hasNot: page.getByText('Parley') }).evaluateAll((links) =>
      links.map((l) => l.textContent).filter((t) => t === 'Renamed chat' || t === 'Second chat'),
    );
    expect(firstLink[0]).toBe('Renamed chat');

    await options('Second chat').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => nav().getByRole('link', { name: 'Second chat' }).count()).toBe(0);
    // Undo by keyboard (issue 33): F8 and one Tab reach the toast's Undo.
    const toast = toasts().filter({ hasText: 'Chat deleted' });
    await toast.waitFor();
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Undo');
    await page.keyboard.press('Enter');
    await nav().getByRole('link', { name: 'Second chat' }).waitFor();
    // And Ctrl+Z, from anywhere but a text field, undoes the last deletion.
    await options('Second chat').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect.poll(() => nav().getByRole('link', { name: 'Second chat' }).count()).toBe(0);
    await toasts().filter({ hasText: 'Chat deleted' }).waitFor();
    // (Deleting the open chat brings the home page, whose message box takes focus: Ctrl+Z there is
    // the text's own. From the sidebar, it is the deletion's.)
    await nav().getByRole('link', { name: 'Renamed chat' }).focus();
    await page.keyboard.press('Control+z');
    await nav().getByRole('link', { name: 'Second chat' }).waitFor();
    await expect.poll(() => toasts().filter({ hasText: 'Chat deleted' }).count()).toBe(0);

    // The restored chat is really back, messages and all.
    await untilStored<Chat>(page, 'chats', (c) => c.title === 'Second chat');
    await page.reload();
    await nav().getByRole('link', { name: 'Second chat' }).click();
    await page.getByText('Echo: Second chat', { exact: true }).waitFor();
  });

  it('shows a new chat in another tab within a second, without a reload', async () => {
    const other = await browser.newPage();
    await other.goto(at('/'));
    await nav(other).waitFor();
    await startChat('Seen from the other tab');
    await nav(other).getByRole('link', { name: 'Seen from the other tab' }).waitFor({ timeout: 1000 });
    await other.close();
  });

  it('keeps a draft across a reload', async () => {
    await page.goto(at('/'));
    await composer().fill('A draft I have not sent');
    // Drafts are saved a moment after typing stops: a person reloading a moment later finds it.
    await untilStored<{ key: string; text: string }>(page, 'drafts', (row) => row.key === 'home' && row.text === 'A draft I have not sent');
    await page.reload();
    await expect.poll(() => composer().inputValue()).toBe('A draft I have not sent');
  });

  it('branches after an edit and navigates between the versions', async () => {
    await startChat('Original question');
    await page.getByRole('article', { name: 'You' }).first().hover();
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('Edited question');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.getByText('Echo: Edited question', { exact: true }).waitFor();
    await page.getByText('2/2', { exact: true }).first().waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Original question' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Previous version' }).first().click();
    await page.getByText('Echo: Original question', { exact: true }).waitFor();
    expect(await page.getByText('1/2', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Echo: Edited question', { exact: true }).count()).toBe(0);

    await page.reload();
    await page.getByText('Echo: Original question', { exact: true }).waitFor();
  });

  it('stops a streaming reply and keeps what arrived', async () => {
    await page.goto(at('/'));
    await composer().fill('A long answer please [slow]');
    await composer().press('Enter');
    await page.getByText(/^Echo: A/).waitFor();
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    const kept = await page.getByText(/^Echo: A/).textContent();
    expect(kept!.length).toBeLessThan('Echo: A long answer please [slow]'.length);
    await untilStored<Message>(page, 'messages', (m) => m.status === 'stopped' && m.content === kept);
    await page.reload();
    await expect.poll(() => page.getByText(/^Echo: A/).textContent()).toBe(kept);
  });

  it('shows "Chat not found" for an unknown id, with a way home', async () => {
    await page.goto(at('/chat/does-not-exist'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await composer().waitFor();
  });
});

describe('without IndexedDB', () => {
  it('works in memory for the session and warns once', async () => {
    await page.addInitScript(() => {
      // As in a locked-down private window: opening any database fails.
      IDBFactory.prototype.open = function open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError');
      };
    });
    await startChat('Kept in memory');
    const warning = toasts().filter({ hasText: 'Chats are not being saved' });
    await warning.waitFor();
    expect(await warning.count()).toBe(1);
    // A reload would forget everything: stay in the page.
    await nav().getByRole('link', { name: 'New chat' }).click();
    await composer().fill('Another one in memory');
    await composer().press('Enter');
    await page.getByText('Echo: Another one in memory', { exact: true }).waitFor();
    await nav().getByRole('link', { name: 'Kept in memory' }).click();
    await page.getByText('Echo: Kept in memory', { exact: true }).waitFor();
    expect(await toasts().filter({ hasText: 'Chats are not being saved' }).count()).toBe(1);
  });
});
