// Projects (issue 23), in real Chromium: a project made in the sidebar with a text file, a chat
// started in it whose request carries the file's text, the tokens on the project's page; chats
// moved between projects by menu (pointer and keyboard alone) and by dragging (mouse and finger);
// at desktop size and on a 390 px touch phone, light and dark, axe clean at every stop.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seedConnection } from '../support/seed-connection.mjs';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { streamedRequests } from './connected-app';
import { composer, nav, toasts } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { seedChats } from './seed-chats';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
/** Where pictures of each screen go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/attachments');
/** The test model's context, as the server's model list gives it. */
const CONTEXT = 8192;
/** A journey of many stops, each checked with axe-core. */
const JOURNEY_TIMEOUT_MS = 120_000;
/** A finger resting on a row long enough to pick it up (TOUCH_HOLD_MS is 450). */
const HOLD_MS = 700;

const NOTES = 'Tomatoes want six hours of sun and deep watering twice a week. '.repeat(8).trim();
const NOTES_TOKENS = Math.ceil(NOTES.length / 4);

let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: [{ id: 'test-model', context_length: CONTEXT }] }, (started) => (server = started));

async function shot(name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`) });
}

/** Opens the app connected to the test server, with three chats in the history. */
async function openWithChats() {
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedChats, {
    chats: [
      { id: 'c1', title: 'Soil pH', texts: ['What pH?', 'About 6.5.'], offsetMs: 0 },
      { id: 'c2', title: 'Compost heap', texts: ['How?', 'Layers.'], offsetMs: 1000 },
      { id: 'c3', title: 'Trip to Rome', texts: ['Where?', 'Rome.'], offsetMs: 2000 },
    ],
    startMs: Date.now() - 60_000,
  });
  await page.evaluate(seedConnection, { baseUrl: server.url });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

const sidebar = () => nav(page);
const project = (name: string) => sidebar().locator('.sidebar-project', { has: page.getByRole('link', { name, exact: true }) });
const chatRow = (title: string) => sidebar().locator('.chat-entry', { has: page.getByRole('link', { name: title, exact: true }) });
const historyRow = (title: string) => sidebar().locator('.chat-group .chat-entry', { has: page.getByRole('link', { name: title, exact: true }) });
const projectRow = (name: string, title: string) => project(name).locator('.chat-entry', { has: page.getByRole('link', { name: title, exact: true }) });

async function tapOrClick(target: Locator, touch: boolean) {
  if (touch) await target.tap();
  else await target.click();
}

/** On a phone the sidebar is a drawer: opened from the top bar. */
async function openDrawer(touch: boolean) {
  if (!touch) return;
  if ((await page.locator('nav.sidebar').getAttribute('data-state')) === 'open') return;
  await page.getByRole('button', { name: 'Open sidebar' }).tap();
  await expect.poll(() => page.locator('nav.sidebar').getAttribute('data-state')).toBe('open');
}

/** "New project" in the sidebar, a name, Enter: the project's page opens. */
async function createProject(name: string, touch: boolean) {
  await openDrawer(touch);
  await tapOrClick(sidebar().getByRole('button', { name: 'New project' }), touch);
  const field = sidebar().getByRole('textbox', { name: 'Project name' });
  await field.fill(name);
  await field.press('Enter');
  await page.waitForURL(/\?project=/);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** The chat's menu, then "Move to project…", then the project: by pointer or finger. */
async function moveByMenu(title: string, to: string, touch: boolean) {
  await openDrawer(touch);
  const row = chatRow(title);
  if (!touch) await row.hover();
  await tapOrClick(row.getByRole('button', { name: `Options for ${title}` }), touch);
  await tapOrClick(page.getByRole('menuitem', { name: 'Move to project…' }), touch);
  const dialog = page.getByRole('dialog', { name: `Move “${title}” to a project` });
  await dialog.waitFor();
  await checkStop(page, `moving ${title}`);
  await shot('move-to-project', await page.evaluate(() => document.documentElement.dataset.theme ?? ''));
  if (touch) await checkTouchTargets(page, `moving ${title}`, 'dialog[open]');
  await tapOrClick(dialog.getByRole('button', { name: to, exact: true }), touch);
  await dialog.waitFor({ state: 'hidden' });
}

/** In an open menu: ArrowDown to the item, as a keyboard user would, then Enter. */
async function chooseByKeys(item: string) {
  await page.getByRole('menuitem', { name: item }).waitFor();
  const MAX_ITEMS = 8;
  for (let i = 0; i < MAX_ITEMS; i++) {
    if ((await page.evaluate(() => document.activeElement?.textContent)) === item) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** A finger holding a row, then dragging it onto the target, through the DevTools protocol's touch events. */
async function touchDrag(from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 3, y: a.y + a.height / 2 };
  const end = { x: b.x + b.width / 2, y: b.y + Math.min(b.height / 2, 16) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  await page.waitForTimeout(HOLD_MS);
  const STEPS = 10;
  for (let i = 1; i <= STEPS; i++) {
    const point = { x: start.x + ((end.x - start.x) * i) / STEPS, y: start.y + ((end.y - start.y) * i) / STEPS };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function mouseDrag(from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 3, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + Math.min(b.height / 2, 16), { steps: 10 });
  expect(await page.locator('.chat-drag').isVisible()).toBe(true);
  expect(await project('Garden').getAttribute('data-drop')).toBe('over');
  await page.mouse.up();
}

/** The system message of the last streamed request. */
function lastSystem(): string {
  const messages = streamedRequests(server).at(-1)?.body?.messages as { role: string; content: string }[];
  return messages.find((message) => message.role === 'system')?.content ?? '';
}

for (const [size, touch] of [
  ['desktop', false],
  ['phone', true],
] as const) {
  describe.each(['light', 'dark'] as const)(`projects, ${size}, %s`, (scheme) => {
    pagePerTest({
      viewport: VIEWPORTS[size],
      colorScheme: scheme,
      hasTouch: touch,
      isMobile: touch,
      onOpen: (opened) => ({ page } = opened),
    });

    it(
      'a project with a text file: its tokens shown against the context, a chat started in it sends the file’s text',
      async () => {
        await openWithChats();
        // "New project" stays where it is when the first project appears (issue 33).
        const newProject = sidebar().getByRole('button', { name: 'New project' });
        const firstPlace = touch ? null : await newProject.boundingBox();
        await createProject('Garden', touch);
        if (!touch) expect(await newProject.boundingBox()).toEqual(firstPlace);
        // The project's page: its name, no files yet.
        await page.getByText('No files yet. Add some, or drop them here.').waitFor();
        // The empty list points at the box, which is above it (issue 33).
        const noChats = page.getByText('No chats yet: write a message in the box above to start one.');
        expect((await composer(page).boundingBox())!.y).toBeLessThan((await noChats.boundingBox())!.y);

        const chooser = page.waitForEvent('filechooser');
        await tapOrClick(page.getByRole('button', { name: 'Add files' }), touch);
        await (await chooser).setFiles([{ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) }]);
        const file = page.locator('.project-file', { hasText: 'notes.md' });
        await file.waitFor();
        expect(await file.locator('.project-file__tokens').textContent()).toBe(`≈ ${NOTES_TOKENS} tokens`);
        await expect
          .poll(() => page.locator('.project-files__total').textContent())
          .toBe(`Files: ≈ ${NOTES_TOKENS} of ${CONTEXT.toLocaleString('en-US')} tokens of test-model’s context`);

        const instructions = page.getByRole('textbox', { name: 'Instructions' });
        await instructions.fill('Answer as a gardener.');
        await instructions.blur();
        await checkStop(page, 'the project page');
        if (touch) await checkTouchTargets(page, 'the project page');
        await shot('project-home', scheme);

        // A picture is refused with a sentence naming it; nothing else changes.
        const second = page.waitForEvent('filechooser');
        await tapOrClick(page.getByRole('button', { name: 'Add files' }), touch);
        await (await second).setFiles([{ name: 'leaf.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') }]);
        await page.getByRole('alert').getByText(/leaf\.png is a picture/).waitFor();
        expect(await page.locator('.project-file').count()).toBe(1);

        // A PDF goes in as its text; a scan with no text layer is refused by name.
        const third = page.waitForEvent('filechooser');
        await tapOrClick(page.getByRole('button', { name: 'Add files' }), touch);
        await (await third).setFiles([path.join(FIXTURES, 'text-layer.pdf'), path.join(FIXTURES, 'no-text-layer.pdf')]);
        await page.locator('.project-file', { hasText: 'text-layer.pdf' }).waitFor({ timeout: 20_000 });
        await page.getByRole('alert').getByText(/no-text-layer\.pdf has no text to read/).waitFor();
        expect(await page.locator('.project-file').count()).toBe(2);

        // Five 1 MB files (issue 32): those that would take the project past 4,000,000 characters are
        // refused by name, the rest kept, so the project can still be backed up, restored and synced.
        const big = page.waitForEvent('filechooser');
        await tapOrClick(page.getByRole('button', { name: 'Add files' }), touch);
        const megabyte = (i: number) => ({ name: `volume-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(String(i).repeat(1_000_000)) });
        await (await big).setFiles([1, 2, 3, 4, 5].map(megabyte));
        const refusals = page.getByRole('alert');
        await refusals.getByText(/^volume-4\.txt was not added: .* more than 4,000,000 characters/).waitFor({ timeout: 20_000 });
        await refusals.getByText(/^volume-5\.txt was not added/).waitFor();
        expect(await page.locator('.project-file').count()).toBe(5);
        // Taken out again: the rest of the journey is about the small files.
        for (const i of [1, 2, 3]) {
          await tapOrClick(page.getByRole('button', { name: `Remove volume-${i}.txt` }), touch);
          await page.locator('.project-file', { hasText: `volume-${i}.txt` }).waitFor({ state: 'detached' });
        }

        server.setScript(textStream('Plant basil.', { chunkSize: 20, delayMs: 0 }));
        await composer(page).fill('What should I plant?');
        // A phone's Return writes a new line: the button sends.
        if (touch) await page.getByRole('button', { name: 'Send message' }).tap();
        else await composer(page).press('Enter');
        await page.waitForURL(/\/chat\/[^/]+$/);
        const chatId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
        await expect.poll(() => streamedRequests(server).length).toBe(1);
        const system = lastSystem();
        expect(system).toContain('Answer as a gardener.');
        expect(system).toContain(NOTES);
        expect(system).toContain('notes.md');
        expect(system).toContain('Parley PDF fixture: the quick brown fox');

        // The new chat is the project's, not the history's.
        await openDrawer(touch);
        // (By its id: the title may be renamed by the title request meanwhile.)
        await project('Garden').locator(`.chat-entry[data-chat-id="${chatId}"]`).waitFor();
        expect(await sidebar().locator(`.chat-group .chat-entry[data-chat-id="${chatId}"]`).count()).toBe(0);
        await checkStop(page, 'the sidebar with a project');
        if (touch) await checkTouchTargets(page, 'the drawer with a project', 'nav.sidebar');
        await shot('sidebar-projects', scheme);

        // Search from a chat in the project starts kept to it.
        if (touch) await sidebar().getByRole('button', { name: 'Search chats' }).tap();
        else await page.keyboard.press('Control+k');
        const search = page.getByRole('dialog', { name: 'Search chats' });
        const chip = search.getByRole('button', { name: 'In Garden' });
        await chip.waitFor();
        expect(await chip.getAttribute('aria-pressed')).toBe('true');
        await expect.poll(() => search.getByRole('option').count()).toBe(1);
        await checkStop(page, 'search kept to a project');
        await shot('search-in-project', scheme);
        await tapOrClick(chip, touch);
        await expect.poll(() => search.getByRole('option').count()).toBe(4);
        await page.keyboard.press('Escape');
        await search.waitFor({ state: 'hidden' });

        // The chat names its project in its header, a link back (issue 33); the project's page
        // opens at its top, not where the chat's scroll left it.
        if (touch && (await page.locator('nav.sidebar').getAttribute('data-state')) === 'open') {
          await sidebar().getByRole('button', { name: 'Close sidebar' }).tap();
          await expect.poll(() => page.locator('nav.sidebar').getAttribute('data-state')).not.toBe('open');
        }
        const back = page.locator('.chat-header').getByRole('link', { name: 'Project: Garden' });
        await back.waitFor();
        await checkStop(page, 'a project’s chat');
        if (touch) await checkTouchTargets(page, 'a project’s chat', '.chat-header');
        await shot('project-chat', scheme);
        await tapOrClick(back, touch);
        await page.getByRole('heading', { level: 1, name: 'Garden' }).waitFor();
        // Two frames: what the layout's observers do after the new screen is in has been done.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        expect(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true);
        expect(await page.evaluate(() => scrollY)).toBe(0);
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'moves chats between projects by menu, by keyboard alone and by dragging; deleting a project asks, and Undo brings it back',
      async () => {
        if (!touch) await watchPointerEvents(page);
        await openWithChats();
        await createProject('Garden', touch);
        await createProject('Travel', touch);

        // By the menu, with the pointer (or a finger).
        await moveByMenu('Trip to Rome', 'Travel', touch);
        await projectRow('Travel', 'Trip to Rome').waitFor();
        expect(await historyRow('Trip to Rome').count()).toBe(0);

        // Folded, and remembered after a reload.
        await openDrawer(touch);
        await tapOrClick(project('Travel').getByRole('button', { name: 'Fold Travel' }), touch);
        expect(await projectRow('Travel', 'Trip to Rome').count()).toBe(0);
        await page.reload();
        await composer(page).waitFor();
        await openDrawer(touch);
        await project('Travel').getByRole('button', { name: 'Show chats of Travel' }).waitFor();
        expect(await projectRow('Travel', 'Trip to Rome').count()).toBe(0);
        await tapOrClick(project('Travel').getByRole('button', { name: 'Show chats of Travel' }), touch);
        await projectRow('Travel', 'Trip to Rome').waitFor();

        // By dragging the row onto the project.
        if (touch) await touchDrag(historyRow('Soil pH').getByRole('link'), project('Garden').locator('.sidebar-project__row'));
        else await mouseDrag(historyRow('Soil pH').getByRole('link'), project('Garden').locator('.sidebar-project__row'));
        await projectRow('Garden', 'Soil pH').waitFor();
        expect(await historyRow('Soil pH').count()).toBe(0);
        // The drop opened no chat.
        expect(page.url()).toMatch(/\?project=/);

        if (!touch) {
          // By keyboard alone: Tab to the row's menu, open it, "Move to project…", Tab to Travel, Enter.
          await page.reload();
          await composer(page).waitFor();
          const before = (await pointerEventsSeen(page)).length;
          const options = historyRow('Compost heap').getByRole('button', { name: 'Options for Compost heap' });
          await tabTo(page, options);
          await page.keyboard.press('Enter');
          await chooseByKeys('Move to project…');
          const dialog = page.getByRole('dialog', { name: 'Move “Compost heap” to a project' });
          await dialog.waitFor();
          await tabTo(page, dialog.getByRole('button', { name: 'Travel', exact: true }));
          await page.keyboard.press('Enter');
          await projectRow('Travel', 'Compost heap').waitFor();
          // Focus followed the chat to its new place.
          await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Options for Compost heap');
          // And out again, by keyboard: its menu's "Remove from project".
          await page.keyboard.press('Enter');
          await chooseByKeys('Remove from project');
          await historyRow('Compost heap').waitFor();
          expect((await pointerEventsSeen(page)).slice(before)).toEqual([]);
        }

        // Deleting Travel asks; keeping its chats moves them out, and Undo brings the project and them back.
        await openDrawer(touch);
        if (!touch) await project('Travel').hover();
        await tapOrClick(project('Travel').getByRole('button', { name: 'Options for project Travel' }), touch);
        await tapOrClick(page.getByRole('menuitem', { name: 'Delete project' }), touch);
        const ask = page.getByRole('alertdialog', { name: 'Delete project “Travel”?' });
        await ask.waitFor();
        await checkStop(page, 'deleting a project');
        await shot('delete-project', scheme);
        await tapOrClick(ask.getByRole('button', { name: 'Delete project, keep its chats' }), touch);
        await historyRow('Trip to Rome').waitFor();
        await expect.poll(() => project('Travel').count()).toBe(0);
        // The deletion's own toast (the moves before it have theirs, with their own Undo).
        await tapOrClick(toasts(page).filter({ hasText: 'Project deleted' }).getByRole('button', { name: 'Undo' }), touch);
        await openDrawer(touch);
        await projectRow('Travel', 'Trip to Rome').waitFor();
        expect(await historyRow('Trip to Rome').count()).toBe(0);

        // "New project…" in the dialog makes the project the chat needs and moves it there (issue 33).
        const row = chatRow('Compost heap');
        if (!touch) await row.hover();
        await tapOrClick(row.getByRole('button', { name: 'Options for Compost heap' }), touch);
        await tapOrClick(page.getByRole('menuitem', { name: 'Move to project…' }), touch);
        const moving = page.getByRole('dialog', { name: 'Move “Compost heap” to a project' });
        await tapOrClick(moving.getByRole('button', { name: 'New project…' }), touch);
        const name = moving.getByRole('textbox', { name: 'Project name' });
        await name.fill('Kitchen');
        await checkStop(page, 'naming a project while moving a chat');
        await name.press('Enter');
        await moving.waitFor({ state: 'hidden' });
        await openDrawer(touch);
        await projectRow('Kitchen', 'Compost heap').waitFor();
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
}
