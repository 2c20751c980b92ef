// Issue 38 in Chromium: compare as branches. Three models at different speeds, two on a server that
// takes any number at once (its connection set to 4 at once) and one on a llama.cpp-like server with
// one slot that answers 503 to an overlapping request. The answers stream side by side (columns at
// 1440 px, swipeable tabs at 390×844 touch), are three sibling replies in the store and the export,
// and the one-slot server never served two at once. Continue with one: the next request holds its
// answer only. Combine adds a fourth sibling that names its sources. A reload mid-stream keeps each
// partial answer, stopped. Blind: no model name in the DOM or the accessibility tree until the vote;
// the vote reaches the leaderboard and survives a reload. Keyboard alone; light and dark; axe clean.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { completion, startOpenAiServer, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer } from './connected-app';
import { openSettingsSection, settingsDialog } from './locators';
import { pagePerTest } from './page-per-test';
import { checkStop, pointerEventsSeen, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { checkTouchTargets } from './touch-targets';
import { storedRows } from './stored-rows';

const appUrl = inject('appUrl');
const SHOTS = '/tmp/shots';
const JOURNEY_TIMEOUT_MS = 120_000;

const SWIFT = 'swift-7b';
const STEADY = 'steady-13b';
const SLOTTED = 'slotted-1b';
/** As the dialog lists them (a connection's models sorted), and so as the answers are shown. */
const NAMES = [STEADY, SWIFT, SLOTTED];
/** The chat's own model in the blind journey: none of the compared ones. */
const PLAIN = 'plain-3b';
/** What each model's answer calls itself: its text never names its model (a blind comparison shows the text). */
const VOICE: Record<string, string> = { [SWIFT]: 'Quickly', [STEADY]: 'Calmly', [SLOTTED]: 'Patiently', [PLAIN]: 'Plainly' };
const REFS: Record<string, string> = { [SWIFT]: `cloud/${SWIFT}`, [STEADY]: `cloud/${STEADY}`, [SLOTTED]: `llama/${SLOTTED}`, [PLAIN]: `cloud/${PLAIN}` };

/** Each model's answer, long enough to stream for a while at its own speed. */
const answerOf = (model: string) => `${VOICE[model]} says: merge sort keeps equal items in order and runs in n log n time. ${'More detail follows here. '.repeat(6)}`;
/** Per chunk: the models stream at different speeds. */
const DELAY_MS: Record<string, number> = { [SWIFT]: 5, [STEADY]: 25, [SLOTTED]: 40 };

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('') : '';

let cloud: OpenAiServer;
let llama: OpenAiServer;
let page: Page;
/** While set, every streamed answer holds its later chunks until it resolves (a reload mid-stream). */
let held: Promise<void> | undefined;

function script(request: RecordedRequest) {
  const body = request.body;
  if (!body.stream) return { status: 200, json: completion('Sorting compared') };
  const model = String(body.model);
  const question = textOf(body.messages.findLast((m: { role: string }) => m.role === 'user')?.content);
  const text = question === 'Hello' ? 'Hello to you.' : question.includes('Several assistants answered') ? 'All together: merge sort, stable and n log n.' : answerOf(model);
  const stream = textStream(text, { chunkSize: 12, delayMs: DELAY_MS[model] ?? 5, usage: model === STEADY ? false : undefined, model });
  if (held) {
    const gate = held;
    stream.steps = [...stream.steps!].map((step, i) => (i >= 3 ? { ...step, until: gate } : step));
  }
  return stream;
}

beforeAll(async () => {
  cloud = await startOpenAiServer({ models: [SWIFT, STEADY, PLAIN], script });
  llama = await startOpenAiServer({ models: [SLOTTED], script, slots: 1 });
});
afterAll(async () => {
  await Promise.all([cloud?.close(), llama?.close()]);
});

const streamed = (server: OpenAiServer) => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions') && r.body?.stream);
const turn = () => page.getByRole('region', { name: 'Compared answers' });
const column = (name: string | RegExp) => turn().getByRole('region', { name });
const columns = () => turn().getByRole('region');

async function seed(model = REFS[SLOTTED]) {
  cloud.reset();
  llama.reset();
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, {
    model,
    connections: [
      // A server on this machine is paced one at a time unless told otherwise: this one takes four.
      { id: 'cloud', name: 'Cloud', kind: 'custom', baseUrl: cloud.url, maxConcurrent: 4 },
      { id: 'llama', name: 'Llama', kind: 'llamacpp', baseUrl: llama.url },
    ],
  });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

/** Sends from the message box: Enter on a desktop; on a phone, where Enter is a new line, a tap on Send. */
async function send(text: string, touch = false) {
  await composer(page).fill(text);
  if (touch) await page.getByRole('button', { name: 'Send message' }).tap();
  else await composer(page).press('Enter');
}

/** Chooses the models (and blind) in the open Compare dialog, then starts. */
async function chooseInDialog(models: readonly string[], options: { blind?: boolean; touch?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Compare models' });
  await dialog.waitFor();
  const boxes = dialog.getByRole('group', { name: /^Models/ }).getByRole('checkbox');
  for (let i = 0; i < (await boxes.count()); i += 1) {
    const box = boxes.nth(i);
    const name = (await box.evaluate((input) => input.closest('label')?.textContent ?? '')).split(' · ')[0]!.trim();
    if ((await box.isChecked()) !== models.includes(name)) await (options.touch ? box.tap() : box.click());
  }
  if (options.blind) await (options.touch ? dialog.getByRole('checkbox', { name: /^Blind/ }).tap() : dialog.getByRole('checkbox', { name: /^Blind/ }).click());
  const start = dialog.getByRole('button', { name: 'Compare', exact: true });
  await (options.touch ? start.tap() : start.click());
  await dialog.waitFor({ state: 'detached' });
}

interface StoredMessage {
  id: string;
  chatId: string;
  parentId: string | null;
  role: string;
  content: string;
  status: string;
  model?: string;
  combines?: string[];
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const untilCount = (locator: Locator, count: number) => expect.poll(() => locator.count(), { timeout: 30_000 }).toBe(count);
const untilText = (locator: Locator, text: string) => expect.poll(() => locator.innerText(), { timeout: 30_000 }).toContain(text);
const untilAttribute = (locator: Locator, name: string, value: string) => expect.poll(() => locator.getAttribute(name)).toBe(value);

const storedMessages = () => storedRows<StoredMessage>(page, 'messages');

async function exportJson(): Promise<{ messages: StoredMessage[] }> {
  await page.getByRole('button', { name: 'Export chat' }).first().click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export as JSON' }).click()]);
  return JSON.parse(await readFile((await download.path())!, 'utf8'));
}

/** The text of the page and of its accessibility tree: where a hidden name would show. */
async function everythingShown(): Promise<string> {
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  const tree = await page.locator('body').ariaSnapshot();
  return `${html}\n${tree}`;
}

describe('desktop, pointer, light', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', onOpen: (opened) => ({ page } = opened) });

  it('three models answer side by side; three siblings stored and exported; the one-slot server never overlapped; Continue with one; Combine; reload mid-stream', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await seed();
    await send('Hello');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().getAttribute('data-state')).toBe('complete');

    // The model picker lists Compare models… after the models.
    await page.getByRole('button', { name: /^Model/ }).first().click();
    await page.getByRole('option', { name: 'Compare models…' }).click();
    await chooseInDialog(NAMES);
    await page.getByRole('button', { name: `Comparing: ${NAMES.join(', ')}` }).waitFor();

    await send('Which sorting algorithm should I use?');
    await turn().waitFor();
    await untilCount(columns(), 3);
    // Streaming together: the two cloud answers are both writing at one moment.
    await expect.poll(() => turn().locator('.compare__column[data-state="streaming"]').count()).toBeGreaterThanOrEqual(2);
    // Side by side: one row, three places.
    // (Read at one instant: the page follows the answers down as they grow.)
    const boxes = await turn()
      .locator('.compare__column')
      .evaluateAll((elements) => elements.map((element) => ({ x: element.getBoundingClientRect().x, y: element.getBoundingClientRect().y })));
    expect(await turn().locator('.compare__name').allInnerTexts()).toEqual(NAMES);
    expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
    expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
    expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
    await expect.poll(() => turn().locator('.compare__column[data-state="complete"]').count(), { timeout: 30_000 }).toBe(3);

    // Figures: the server's count where it reported usage, "≈" where the browser estimated; one fastest.
    await untilText(column(STEADY).getByRole('list', { name: 'Figures' }), '≈');
    expect(await column(SWIFT).getByRole('list', { name: 'Figures' }).innerText()).not.toContain('≈');
    await untilCount(turn().getByText('Fastest', { exact: true }), 1);
    await checkStop(page, 'three answers side by side');
    await page.screenshot({ path: `${SHOTS}/compare-desktop-light.png` });

    // Three sibling replies under the question, each with its model; none dropped.
    const stored = await storedMessages();
    const question = stored.find((m) => m.content === 'Which sorting algorithm should I use?')!;
    const siblings = stored.filter((m) => m.parentId === question.id);
    expect(siblings.map((m) => [m.model, m.status]).sort()).toEqual(NAMES.map((name) => [REFS[name], 'complete']).sort());
    const exported = await exportJson();
    expect(exported.messages.filter((m) => m.parentId === question.id).map((m) => m.model).sort()).toEqual(NAMES.map((name) => REFS[name]).sort());
    // The one-slot server served one request at a time (the reply, then the chat's title) and refused none.
    expect(llama.concurrency.rejected).toBe(0);
    expect(llama.concurrency.peak).toBe(1);
    const spans = llama.concurrency.spans;
    for (let i = 1; i < spans.length; i += 1) expect(spans[i]!.startedAt).toBeGreaterThanOrEqual(spans[i - 1]!.endedAt!);
    // Every request the same but for the model.
    const asked = [...streamed(cloud), ...streamed(llama)].filter((r) => textOf(r.body.messages.at(-1).content).startsWith('Which sorting'));
    expect(asked).toHaveLength(3);
    const withoutModel = asked.map(({ body: { model: _model, ...rest } }) => JSON.stringify(rest));
    expect(new Set(withoutModel).size).toBe(1);

    // Combine: a fourth sibling, written by the model chosen, naming the answers it drew on.
    await turn().getByRole('button', { name: 'Combine' }).click();
    await page.getByRole('menuitem', { name: `Combine with ${SWIFT}` }).click();
    await untilCount(columns(), 4);
    const combined = column(`Combined by ${SWIFT}`);
    await untilText(combined, `Written from: ${NAMES.join(', ')}`);
    await untilText(combined, 'All together: merge sort');
    await expect
      .poll(async () => (await storedMessages()).find((m) => m.combines)?.combines?.length)
      .toBe(3);
    const combineRequest = streamed(cloud).at(-1)!;
    for (const name of NAMES) expect(textOf(combineRequest.body.messages.at(-1).content)).toContain(`${VOICE[name]} says:`);

    // Continue with the steady one: the columns close, its answer is the branch (2 of 4), and the next request holds it alone.
    await column(STEADY).getByRole('button', { name: 'Continue with this one' }).click();
    await untilCount(turn(), 0);
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    await untilText(page.getByRole('article', { name: 'Assistant' }).last(), `${VOICE[STEADY]} says:`);
    await page.getByRole('button', { name: 'Stop comparing' }).click();
    await send('Tell me more.');
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().getAttribute('data-state')).toBe('complete');
    const next = streamed(llama).at(-1)!;
    const history = next.body.messages.map((m: { content: unknown }) => textOf(m.content)).join('\n');
    expect(history).toContain(`${VOICE[STEADY]} says:`);
    expect(history).not.toContain(`${VOICE[SWIFT]} says:`);
    expect(history).not.toContain(`${VOICE[SLOTTED]} says:`);
    expect(history).not.toContain('All together');

    // A reload while three answers stream: each partial answer is kept, stopped.
    await page.getByRole('button', { name: 'Compare models…' }).click();
    await chooseInDialog(NAMES);
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    try {
      await send('And for linked lists?');
      await expect.poll(() => turn().locator('.compare__column[data-state="streaming"]').count()).toBeGreaterThanOrEqual(1);
      // Each has begun (the one-slot server's answers wait their turn: two begin, the third waits).
      await expect
        .poll(async () => {
          const rows = await storedMessages();
          const q = rows.find((m) => m.content === 'And for linked lists?');
          return rows.filter((m) => m.parentId === q?.id && m.content !== '').length;
        })
        .toBeGreaterThanOrEqual(2);
      await page.reload();
    } finally {
      release();
      held = undefined;
    }
    await turn().waitFor();
    await untilCount(columns(), 3);
    const after = await storedMessages();
    const linked = after.find((m) => m.content === 'And for linked lists?')!;
    const partial = after.filter((m) => m.parentId === linked.id);
    expect(partial).toHaveLength(3);
    expect(partial.every((m) => m.status === 'stopped' || (m.status === 'error' && m.content === ''))).toBe(true);
    expect(partial.filter((m) => m.content !== '').length).toBeGreaterThanOrEqual(2);
  }, JOURNEY_TIMEOUT_MS);
});

describe('phone, touch, dark: blind', () => {
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme: 'dark', hasTouch: true, isMobile: true, onOpen: (opened) => ({ page } = opened) });

  it('tabs swipe between the answers; no name before the vote; the vote shows them and counts on the leaderboard, after a reload too', async () => {
    await seed(REFS[PLAIN]);
    await send('Hello', true);
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().getAttribute('data-state')).toBe('complete');

    await page.getByRole('button', { name: 'Chat actions' }).last().tap();
    await page.getByRole('menuitem', { name: 'Compare models…' }).tap();
    await page.getByRole('dialog', { name: 'Compare models' }).waitFor();
    await checkStop(page, 'the Compare dialog on a phone');
    await checkTouchTargets(page, 'the Compare dialog on a phone', '.compare-dialog');
    await page.screenshot({ path: `${SHOTS}/compare-dialog-phone-dark.png` });
    await chooseInDialog([SWIFT, SLOTTED], { blind: true, touch: true });
    await send('Which sorting algorithm should I use?', true);
    await turn().waitFor();
    await expect.poll(() => turn().locator('.compare__column[data-state="complete"]').count(), { timeout: 30_000 }).toBe(2);

    // No model name anywhere: not in the page, not in its accessibility tree.
    const shown = await everythingShown();
    for (const name of NAMES) expect(shown).not.toContain(name);
    const tabs = turn().getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Answer 1', 'Answer 2']);
    await untilAttribute(tabs.first(), 'aria-selected', 'true');
    await checkStop(page, 'blind answers on a phone');
    await checkTouchTargets(page, 'blind answers on a phone', '.compare');
    await page.screenshot({ path: `${SHOTS}/compare-phone-dark-blind.png` });

    // A swipe shows the second answer, and its tab is selected.
    const strip = turn().locator('.compare__columns');
    // A real swipe: a touch gesture from right to left across the answer.
    const box = (await strip.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const [fromX, toX, atY] = [Math.round(box.x + box.width * 0.85), Math.round(box.x + box.width * 0.1), Math.round(box.y + 40)];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: atY }] });
    for (let step = 1; step <= 8; step += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: Math.round(fromX + ((toX - fromX) * step) / 8), y: atY }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await untilAttribute(tabs.nth(1), 'aria-selected', 'true');
    await expect.poll(async () => Math.round((await column('Answer 2').boundingBox())!.x)).toBeLessThan(40);
    // A tab tapped shows its answer.
    await tabs.first().tap();
    await untilAttribute(tabs.first(), 'aria-selected', 'true');
    await expect.poll(async () => Math.round((await column('Answer 1').boundingBox())!.x)).toBeLessThan(40);

    // The vote: Answer 2 is better. The names show; the leaderboard counts it.
    await tabs.nth(1).tap();
    const secondModel = await (async () => {
      const rows = await storedMessages();
      const q = rows.find((m) => m.content === 'Which sorting algorithm should I use?')!;
      const chat = (await storedRows<{ id: string; comparing?: { replies: string[] } }>(page, 'chats')).find((c) => c.comparing);
      expect(chat).toBeDefined();
      // The second column's answer, whichever model wrote it: read from its text.
      const text = await column('Answer 2').innerText();
      return NAMES.find((name) => text.includes(`${VOICE[name]} says:`) && rows.some((m) => m.parentId === q.id && m.model === REFS[name]))!;
    })();
    await column('Answer 2').getByRole('button', { name: 'This one is better' }).tap();
    await column(secondModel).waitFor();
    await untilText(column(secondModel), 'Your pick');
    await checkStop(page, 'names shown after the vote');
    await page.screenshot({ path: `${SHOTS}/compare-phone-dark-voted.png` });

    const loser = [SWIFT, SLOTTED].find((name) => name !== secondModel)!;
    const standings = async () => {
      await openSettingsSection(page, 'Compare');
      const table = settingsDialog(page).getByRole('table', { name: 'Models' });
      await table.waitFor();
      const text = await table.innerText();
      await page.keyboard.press('Escape');
      return text;
    };
    const before = await standings();
    expect(before).toMatch(new RegExp(`${secondModel}\\s+1\\s+0\\s+0`));
    expect(before).toMatch(new RegExp(`${loser}\\s+0\\s+1\\s+0`));
    await page.reload();
    await composer(page).waitFor();
    expect(await standings()).toBe(before);
  }, JOURNEY_TIMEOUT_MS);
});

describe('desktop, keyboard alone, dark', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'dark',
    onOpen: async (opened) => {
      ({ page } = opened);
      await watchPointerEvents(page);
    },
  });

  /** Presses Tab until `target` has focus (at most `max` times). */
  async function tabTo(target: Locator, max = 60) {
    for (let i = 0; i < max; i += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('never reached by Tab');
  }

  it('picker → Compare models… → choose → send → Continue with the second, all from the keyboard; Regenerate compares with another model', async () => {
    await seed();
    await composer(page).fill('Hello');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().getAttribute('data-state')).toBe('complete');

    const picker = page.getByRole('button', { name: /^Model/ }).first();
    await tabTo(picker);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('combobox', { name: /Search models/i }).waitFor();
    await page.keyboard.press('End');
    await untilAttribute(page.getByRole('option', { name: 'Compare models…' }), 'data-active', '');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Compare models' });
    await dialog.waitFor();
    // The chat's model is chosen already; Space on the two others.
    for (const name of [SWIFT, STEADY]) {
      await tabTo(dialog.getByRole('checkbox', { name }));
      await page.keyboard.press('Space');
    }
    await tabTo(dialog.getByRole('button', { name: 'Compare', exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(picker)).toBe(true);

    await tabTo(composer(page));
    await page.keyboard.type('Which sorting algorithm should I use?');
    await page.keyboard.press('Enter');
    await turn().waitFor();
    await expect.poll(() => turn().locator('.compare__column[data-state="complete"]').count(), { timeout: 30_000 }).toBe(3);
    await checkStop(page, 'answers compared, dark');
    await page.screenshot({ path: `${SHOTS}/compare-desktop-dark.png` });

    const second = column(STEADY).getByRole('button', { name: 'Continue with this one' });
    await second.focus();
    await page.keyboard.press('Enter');
    await untilCount(turn(), 0);
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    await untilText(page.getByRole('article', { name: 'Assistant' }).last(), `${VOICE[STEADY]} says:`);
    const chat = (await storedRows<{ comparing?: unknown; currentLeafId: string }>(page, 'chats'))[0]!;
    expect(chat.comparing).toBeUndefined();

    // Stop comparing; then Regenerate's "Compare with other models…" on the reply.
    await tabTo(page.getByRole('button', { name: 'Stop comparing' }));
    await page.keyboard.press('Enter');
    const regenerate = page.getByRole('article', { name: 'Assistant' }).last().getByRole('button', { name: 'Regenerate' });
    await tabTo(regenerate, 120);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Compare with other models…' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const beside = page.getByRole('dialog', { name: 'Compare with other models' });
    await beside.waitFor();
    await tabTo(beside.getByRole('checkbox', { name: SWIFT }));
    await page.keyboard.press('Space');
    await tabTo(beside.getByRole('button', { name: 'Ask them' }));
    await page.keyboard.press('Enter');
    await turn().waitFor();
    await untilCount(columns(), 2);
    await column(STEADY).waitFor();
    await column(SWIFT).waitFor();
    expect(await pointerEventsSeen(page)).toEqual([]);
  }, JOURNEY_TIMEOUT_MS);
});
