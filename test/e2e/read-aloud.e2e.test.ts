// Read aloud (issue 39) in real Chromium against the OpenAI-compatible test server: Settings → Voice
// set to the server, a reply of several sentences streamed slowly, Read aloud pressed while it
// streams. The speech server receives the reply a sentence at a time, the first before the reply's
// stream ended; the page plays what it gets; Pause, Resume and Stop work. At a desk with the
// keyboard in light, on a 390×844 touch screen in dark; axe clean; 44 px targets on touch.
import { mkdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { completion, GARBAGE_AUDIO, sineWav, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, sendFromHome, streamedRequests } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, tabTo, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const SHOTS = '/tmp/shots';

const SENTENCES = [
  'The first sentence arrives while the reply is still streaming.',
  'A second sentence follows it a little later on.',
  'The third sentence keeps the reader busy for a while.',
  'And the last sentence closes this slowly written reply.',
];
/** Word by word, slowly: the reply streams for several seconds. */
const CHUNK_MS = 120;
/** Each sentence's audio; the last one's long, so Stop lands while it plays. */
const SENTENCE_SECONDS = 0.5;
const LAST_SECONDS = 6;
/** A reply streamed for seconds, read, paused, stopped, with axe at each stop. */
const JOURNEY_MS = 90_000;

let server: OpenAiServer;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

const speechRequests = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/audio/speech'));

/** Slow reply, a title for the title request, and speech as real WAVs. */
function script() {
  const words = SENTENCES.join(' ').split(/(?<= )/);
  server.setScript((request: RecordedRequest) => (request.body?.stream ? textStream(words, { delayMs: CHUNK_MS }) : completion('Four things')));
  server.setSpeech((request) => sineWav({ seconds: String(request.body?.input).startsWith('And the last') ? LAST_SECONDS : SENTENCE_SECONDS }));
}

/** Runs in the page: Settings → Voice's row as Settings would store it (the speech engine: the server, through the default model's connection). */
function seedVoice(value: object) {
  return new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('parley');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('settings', 'readwrite');
      tx.objectStore('settings').put({ key: 'voice', value });
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Runs before the app: counts the page's audio elements that start playing, and keeps them to look at. */
function watchAudio() {
  const seen: HTMLMediaElement[] = [];
  const playing: number[] = [];
  Object.assign(window, { audioSeen: seen, audioPlaying: playing });
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.includes(this)) {
      seen.push(this);
      this.addEventListener('playing', () => playing.push(performance.now()));
    }
    return play.call(this);
  };
}

const audio = (page: Page) =>
  page.evaluate(() => {
    const { audioSeen, audioPlaying } = window as unknown as { audioSeen: HTMLMediaElement[]; audioPlaying: number[] };
    return { started: audioPlaying.length, playingNow: audioSeen.filter((element) => !element.paused && !element.ended).length };
  });

async function openApp(page: Page) {
  await page.addInitScript(watchAudio);
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, { baseUrl: server.url });
  await page.evaluate(seedVoice, { speechEngine: 'server', speechConnection: '', speechModel: 'tts-1', speed: 1 });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

const reply = (page: Page) => page.getByRole('article', { name: 'Assistant' });
const control = (page: Page) => reply(page).locator('.read-aloud');

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/read-aloud-${name}.png` });
}

/** What both journeys check once the reading is under way and the reply has ended. */
async function expectReadWhileStreaming(page: Page) {
  await expect.poll(() => reply(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('complete');
  await expect.poll(() => speechRequests().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const [chat] = streamedRequests(server);
  await expect.poll(() => chat!.response.lastByteAt).toBeDefined();
  const [first, second] = speechRequests() as [RecordedRequest, RecordedRequest];
  // Speech began before the reply's stream had ended.
  expect(first.receivedAt).toBeLessThan(chat!.response.lastByteAt!);
  expect(first.body).toMatchObject({ model: 'tts-1', input: SENTENCES[0], speed: 1 });
  expect(second.body.input).toBe(SENTENCES[1]);
  // Played in the page.
  await expect.poll(async () => (await audio(page)).started).toBeGreaterThanOrEqual(1);
}

/** Waits for the long last sentence to be playing. */
async function lastSentencePlaying(page: Page) {
  await expect.poll(() => speechRequests().map((r) => r.body.input), { timeout: 20_000 }).toEqual(SENTENCES);
  await expect.poll(async () => (await audio(page)).playingNow, { timeout: 10_000 }).toBe(1);
  await expect.poll(() => control(page).getAttribute('data-state')).toBe('speaking');
}

const AUTOPLAY = ['--autoplay-policy=no-user-gesture-required'];

describe('read aloud at a desk, keyboard, light', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', args: AUTOPLAY, onOpen: (opened) => ({ page } = opened) });

  it('speaks the reply sentence by sentence from while it streams; Pause, Resume and Stop by keyboard', async () => {
    script();
    await openApp(page);
    await sendFromHome(page, 'Tell me four things');
    const readAloud = reply(page).getByRole('button', { name: 'Read aloud' });
    // Offered while the reply streams, before its actions.
    await reply(page).getByText(/^The first sentence/).waitFor();
    expect(await reply(page).getAttribute('data-state')).toBe('streaming');
    await tabTo(page, readAloud);
    await page.keyboard.press('Enter');
    // Focus goes to Pause, the next action.
    const pause = reply(page).getByRole('button', { name: 'Pause reading' });
    await expect.poll(() => pause.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
    expect(await reply(page).getAttribute('data-state')).toBe('streaming');
    await shot(page, 'desktop-light-streaming');
    await expectReadWhileStreaming(page);
    await lastSentencePlaying(page);
    await checkStop(page, 'reading aloud');
    await shot(page, 'desktop-light-speaking');

    await page.keyboard.press('Enter');
    await expect.poll(() => control(page).getAttribute('data-state')).toBe('paused');
    await expect.poll(async () => (await audio(page)).playingNow).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Reading paused' }).waitFor({ state: 'attached' });
    const resume = reply(page).getByRole('button', { name: 'Resume reading' });
    expect(await resume.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => control(page).getAttribute('data-state')).toBe('speaking');
    await expect.poll(async () => (await audio(page)).playingNow).toBe(1);

    await tabTo(page, reply(page).getByRole('button', { name: 'Stop reading' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => control(page).getAttribute('data-state')).toBe('idle');
    await expect.poll(async () => (await audio(page)).playingNow).toBe(0);
    expect(await readAloud.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(speechRequests()).toHaveLength(SENTENCES.length);
    await checkStop(page, 'stopped');
  }, JOURNEY_MS);

  it('audio the browser cannot play: said beside the control, the reply untouched', async () => {
    script();
    server.setSpeech(() => GARBAGE_AUDIO);
    await openApp(page);
    await sendFromHome(page, 'Tell me four things');
    await expect.poll(() => reply(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('complete');
    await tabTo(page, reply(page).getByRole('button', { name: 'Read aloud' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => control(page).getAttribute('data-state'), { timeout: 10_000 }).toBe('error');
    expect(await control(page).locator('.read-aloud__error').textContent()).toBe(
      'The speech server sent audio this browser cannot play. Check its speech model in Settings → Voice.',
    );
    expect(await reply(page).locator('.message-markdown').textContent()).toBe(SENTENCES.join(' '));
    expect(speechRequests()).toHaveLength(1);
    await checkStop(page, 'failed to read');
    await shot(page, 'desktop-light-error');
  });
});

describe('read aloud on a phone, touch, dark', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme: 'dark', hasTouch: true, isMobile: true, args: AUTOPLAY, onOpen: (opened) => ({ page } = opened) });

  it('a tap while it streams reads it; the controls fit a finger; Pause, Resume, Stop', async () => {
    script();
    await openApp(page);
    const tap = (target: Locator) => target.tap();
    // On a touch screen Return adds a line: the Send button sends.
    await composer(page).fill('Tell me four things');
    await tap(page.getByRole('button', { name: 'Send message' }));
    await reply(page).getByText(/^The first sentence/).waitFor();
    await tap(reply(page).getByRole('button', { name: 'Read aloud' }));
    await reply(page).getByRole('button', { name: 'Pause reading' }).waitFor({ timeout: 10_000 });
    expect(await reply(page).getAttribute('data-state')).toBe('streaming');
    await checkTouchTargets(page, 'reading while it streams', '.read-aloud');
    await shot(page, 'phone-dark-streaming');
    await expectReadWhileStreaming(page);
    await lastSentencePlaying(page);
    await checkTouchTargets(page, 'reading', '.message__footer');
    await checkStop(page, 'reading on a phone');
    await shot(page, 'phone-dark-speaking');

    await tap(reply(page).getByRole('button', { name: 'Pause reading' }));
    await expect.poll(() => control(page).getAttribute('data-state')).toBe('paused');
    await expect.poll(async () => (await audio(page)).playingNow).toBe(0);
    await tap(reply(page).getByRole('button', { name: 'Resume reading' }));
    await expect.poll(async () => (await audio(page)).playingNow).toBe(1);
    await tap(reply(page).getByRole('button', { name: 'Stop reading' }));
    await expect.poll(() => control(page).getAttribute('data-state')).toBe('idle');
    await expect.poll(async () => (await audio(page)).playingNow).toBe(0);
    await checkStop(page, 'stopped on a phone');
    await shot(page, 'phone-dark-stopped');
  }, JOURNEY_MS);
});
