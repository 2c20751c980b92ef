// The compaction journey (issue 24) in real Chromium against the OpenAI-compatible test server:
// summarise earlier messages, see the marker, expand it, edit the summary, undo and redo, and the
// request bodies the server got each time; by keyboard alone at desktop size, by finger at
// 390×844 with a touch screen, light and dark, axe-clean at every stop, every control 44 px on touch.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SUMMARY_INSTRUCTION } from '../../src/chat/replies/compaction-plan';
import { SUMMARY_HEADING } from '../../src/chat/shapes';
import { echoLastUser, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, streamedRequests } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
/** A journey of a dozen stops, each checked with axe-core. */
const JOURNEY_TIMEOUT_MS = 120_000;
/** Where pictures of each stop go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;
/** Markup in a summary stays text. */
const SUMMARY = 'They said <b>one</b> and two.';

let server: OpenAiServer;
let page: Page;
const echo = echoLastUser({ prefix: 'Re: ' });
modelServerPerFile(
  { models: ['test-model'], script: (request: RecordedRequest) => (request.body?.messages?.[0]?.content === SUMMARY_INSTRUCTION ? textStream(SUMMARY) : echo(request)) },
  (started) => (server = started),
);

type Body = { messages: { role: string; content: string }[] };
const lastBody = () => streamedRequests(server).at(-1)!.body as Body;
const marker = () => page.getByRole('region', { name: 'Earlier messages summarised' });
const reply = () => page.getByRole('article', { name: 'Assistant' }).last();

async function shot(name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SHOTS, `compaction-${name}-${width}-${scheme}.png`), fullPage: false });
}

/** On a phone Return adds a line: the Send button sends. */
let touchScreen = false;
const submit = () => (touchScreen ? page.getByRole('button', { name: 'Send message' }).tap() : composer(page).press('Enter'));

async function send(text: string) {
  const before = streamedRequests(server).length;
  await composer(page).fill(text);
  await submit();
  await expect.poll(() => streamedRequests(server).length).toBe(before + 1);
  await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
  return lastBody();
}

/** A chat of three exchanges: one, two, three. */
async function chatOfThree() {
  await openConnectedApp(page, appUrl, server);
  await composer(page).fill('one');
  await submit();
  await page.waitForURL(/\/chat\/[^/]+$/);
  await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
  await send('two');
  await send('three');
}

/** The journey, with `press` acting on a control as the user would (a key, or a finger). */
async function journey(scheme: string, press: (target: Locator) => Promise<void>, openSummarise: () => Promise<void>, touch: boolean) {
  touchScreen = touch;
  await chatOfThree();
  await openSummarise();
  await marker().waitFor();
  // Focus is never dropped to <body> (issue 33): on the button pressed, or the menu's button when chosen from it.
  expect(await focused(page)).toBe(touch ? 'button Chat actions' : 'button Summarise earlier messages');
  // The summary request: the instruction and the covered turns (the first exchange) as text.
  expect(lastBody().messages).toEqual([
    { role: 'system', content: SUMMARY_INSTRUCTION },
    { role: 'user', content: 'User: one\n\nAssistant: Re: one' },
  ]);
  expect(await marker().locator('.compaction__headline').textContent()).toBe('2 messages summarised · 3 → 8 tokens');
  await checkStop(page, 'the marker');
  if (touch) await checkTouchTargets(page, 'the marker', '.compaction');
  await shot('marker', scheme);

  await press(marker().locator('summary'));
  await expect.poll(() => marker().locator('details').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
  expect(await marker().locator('.compaction__text').textContent()).toBe(SUMMARY);
  expect(await marker().locator('.compaction__text b').count()).toBe(0);
  await checkStop(page, 'the summary shown');
  await shot('expanded', scheme);

  // After it, requests send the summary in place of the first exchange.
  expect((await send('four')).messages.slice(0, 2)).toEqual([
    { role: 'system', content: `${SUMMARY_HEADING}\n\n${SUMMARY}` },
    { role: 'user', content: 'two' },
  ]);

  await press(marker().getByRole('button', { name: 'Edit summary' }));
  const field = marker().getByRole('textbox', { name: 'Summary of the earlier messages' });
  await field.waitFor();
  await field.fill('My own summary.');
  await checkStop(page, 'editing the summary');
  if (touch) await checkTouchTargets(page, 'editing the summary', '.compaction');
  await shot('editing', scheme);
  await press(marker().getByRole('button', { name: 'Save' }));
  await expect.poll(() => marker().getByText('Edited', { exact: true }).count()).toBe(1);
  expect((await send('five')).messages[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\n\nMy own summary.` });

  await press(marker().getByRole('button', { name: 'Undo' }));
  await expect.poll(() => marker().getAttribute('data-state')).toBe('undone');
  await checkStop(page, 'undone');
  await shot('undone', scheme);
  const undone = (await send('six')).messages;
  expect(undone.slice(0, 2)).toEqual([
    { role: 'user', content: 'one' },
    { role: 'assistant', content: 'Re: one' },
  ]);

  await press(marker().getByRole('button', { name: 'Redo' }));
  await expect.poll(() => marker().getAttribute('data-state')).toBe('active');
  expect((await send('seven')).messages[0]!.content).toBe(`${SUMMARY_HEADING}\n\nMy own summary.`);
}

describe.each(['light', 'dark'] as const)('compaction, %s', (scheme) => {
  describe('desktop, keyboard alone', () => {
    pagePerTest({
      viewport: VIEWPORTS.desktop,
      colorScheme: scheme,
      async onOpen(opened) {
        page = opened.page;
        await watchPointerEvents(page);
      },
    });

    it(
      'summarise, see the marker, expand, edit, undo and redo, with the request bodies each time',
      async () => {
        const key = async (target: Locator) => {
          await tabTo(page, target, { backwards: true });
          await page.keyboard.press('Enter');
        };
        await journey(scheme, key, () => key(page.getByRole('button', { name: 'Summarise earlier messages' })), false);
        expect(await pointerEventsSeen(page)).toEqual([]);
      },
      JOURNEY_TIMEOUT_MS,
    );
  });

  describe('390×844, touch', () => {
    pagePerTest({ viewport: VIEWPORTS.phone, colorScheme: scheme, hasTouch: true, isMobile: true, onOpen: (opened) => ({ page } = opened) });

    it(
      'summarise from the chat menu, then the same journey by finger',
      async () => {
        const tap = (target: Locator) => target.tap();
        await journey(
          scheme,
          tap,
          async () => {
            await page.getByRole('button', { name: 'Chat actions' }).last().tap();
            await page.getByRole('menuitem', { name: 'Summarise earlier messages' }).tap();
          },
          true,
        );
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
