// Issue 39 in Chromium, with a fake microphone playing a spoken WAV (test/fixtures/voice): the page
// never asks for the microphone until the user presses it; dictation puts the transcription server's
// words into the draft (a press that stops at the pause, and push-to-talk held from the keyboard); a
// failing server leaves the draft as it was and says why; hands-free talk sends what was said, speaks
// the reply sentence by sentence before it has finished streaming, and stops both when spoken over.
// Desktop by pointer and by keyboard, a phone by touch; light and dark; axe clean.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorResponse, sineWav, startOpenAiServer, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer } from './connected-app';
import { pagePerTest } from './page-per-test';
import { checkStop, pointerEventsSeen, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const SHOTS = '/tmp/shots';
const JOURNEY_TIMEOUT_MS = 90_000;
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/voice/${name}`, import.meta.url));
/** Chromium's fake microphone, playing `wav` once (then silence), permission granted. */
const microphone = (wav: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${fixture(wav)}%noloop`,
  '--autoplay-policy=no-user-gesture-required',
];
const HEARD = 'What is the capital of France?';
const STORY = 'Tell me a story.';
/** The spoken reply: several sentences, streamed slowly, so speech starts long before it ends. */
const REPLY = 'Paris is the capital of France. It has been for centuries. The city sits on the Seine. It is known for its museums. Many people visit it every year.';

let server: OpenAiServer;
/** The transcript says what the question fixture says; a recording that holds no sound is heard as nothing. */
const heardQuestion = ({ file }: { file: { bytes: Uint8Array } }) => (file.bytes.length > 3000 ? HEARD : '');
let page: Page;

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('') : '';

function script(request: RecordedRequest) {
  const body = request.body;
  if (!body.stream) return { status: 200, json: { choices: [{ message: { role: 'assistant', content: 'Voice' } }] } };
  const asked = textOf(body.messages.findLast((m: { role: string }) => m.role === 'user')?.content);
  if (asked === STORY) return textStream(`Once upon a time there was a story. ${'It went on and on. '.repeat(40)}`, { chunkSize: 20, delayMs: 150 });
  if (asked === HEARD) return textStream(REPLY, { chunkSize: 8, delayMs: 60 });
  return textStream('Hello to you.');
}

beforeAll(async () => {
  server = await startOpenAiServer({ script, transcribe: heardQuestion });
});
afterAll(async () => {
  await server?.close();
});

const chatRequests = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions') && r.body?.stream);
const uploads = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/audio/transcriptions'));
const speeches = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/audio/speech'));

/** Counts every request for the microphone, from before any script of the page runs. */
async function watchMicrophone() {
  await page.addInitScript(() => {
    const w = window as unknown as { __microphoneAsked: number; __microphoneAt?: number };
    w.__microphoneAsked = 0;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = async (constraints) => {
      w.__microphoneAsked += 1;
      const stream = await original(constraints);
      w.__microphoneAt ??= performance.now();
      return stream;
    };
    // When playback is stopped (barge-in is measured from it): the player's audio is in no document, so its events reach no listener here.
    const paused: number[] = ((window as unknown as { __paused: number[] }).__paused = []);
    const pause = HTMLMediaElement.prototype.pause;
    HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
      if (!this.paused) paused.push(performance.now());
      return pause.call(this);
    };
  });
}
const microphoneAsked = () => page.evaluate(() => (window as unknown as { __microphoneAsked: number }).__microphoneAsked);

/** The app on the test server, with a chat that has one answered message: the page a person dictates on. */
async function openChat(touch = false) {
  server.reset();
  server.setTranscribe(heardQuestion);
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, { baseUrl: server.url });
  // This device speaks through the server (Settings → Voice), as its own stored setting.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('settings', 'readwrite');
          tx.objectStore('settings').put({ key: 'voice', value: { speechEngine: 'server' } });
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.goto(appUrl);
  await composer(page).fill('Hello');
  if (touch) await page.getByRole('button', { name: 'Send message' }).tap();
  else await composer(page).press('Enter');
  await page.waitForURL(/\/chat\/[^/]+$/);
  await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).last().getAttribute('data-state')).toBe('complete');
}

const micButton = () => page.getByRole('button', { name: /^(Dictate|Stop dictating)$/ });

describe('dictation, desktop, pointer, light', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', args: microphone('question.wav'), onOpen: async (opened) => ((page = opened.page), await watchMicrophone()) });

  it('asks for the microphone only when pressed; the words go into the draft, not to the model; a failing server keeps the draft and says why', async () => {
    await openChat();
    // A page, a message sent and answered: the microphone was never asked for.
    expect(await microphoneAsked()).toBe(0);
    const sent = chatRequests().length;

    await micButton().click();
    await expect.poll(() => micButton().getAttribute('data-dictation')).toBe('recording');
    await checkStop(page, 'dictating');
    await page.screenshot({ path: `${SHOTS}/voice-dictating-desktop-light.png` });
    // It stops by itself when the speaker pauses; the server gets the recording, the box the words.
    await expect.poll(() => composer(page).inputValue(), { timeout: 20_000 }).toBe(HEARD);
    expect(await microphoneAsked()).toBe(1);
    const [upload] = uploads();
    expect(upload!.upload!.files[0]!.contentType).toMatch(/^audio\/(webm|mp4|ogg)/);
    expect(upload!.upload!.files[0]!.bytes.length).toBeGreaterThan(3000);
    expect(upload!.upload!.fields.model).toBe('whisper-1');
    expect(chatRequests()).toHaveLength(sent);
    await expect.poll(() => composer(page).evaluate((box) => box === document.activeElement)).toBe(true);

    // A server that fails: the draft stays as it was, and the box says why.
    server.setTranscribe(() => errorResponse(500, 'transcriber crashed', { type: 'server_error' }));
    await micButton().click();
    const problem = page.getByRole('alert').filter({ hasText: 'Dictation failed' });
    await problem.waitFor({ timeout: 20_000 });
    expect(await composer(page).inputValue()).toBe(HEARD);
    expect(chatRequests()).toHaveLength(sent);
    await checkStop(page, 'a dictation that failed');
    await problem.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => problem.count()).toBe(0);
  }, JOURNEY_TIMEOUT_MS);
});

describe('push-to-talk, desktop, keyboard alone, dark', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'dark',
    args: microphone('question.wav'),
    onOpen: async (opened) => {
      page = opened.page;
      await watchMicrophone();
      await watchPointerEvents(page);
    },
  });

  it('Space held in the empty box records while it is held; a tap of Space is a space', async () => {
    await openChat();
    await composer(page).focus();
    // A tap: a space, and no microphone.
    await page.keyboard.press(' ');
    expect(await composer(page).inputValue()).toBe(' ');
    expect(await microphoneAsked()).toBe(0);
    await composer(page).fill('');

    // Held (the key repeats): it records until let go.
    await page.keyboard.down(' ');
    await page.keyboard.down(' ');
    await expect.poll(() => micButton().getAttribute('data-dictation')).toBe('recording');
    // The voice heard, then the pause after it (the meter's level, set by the page).
    const level = () => micButton().evaluate((button) => Number(button.style.getPropertyValue('--mic-level') || 0));
    await expect.poll(level, { timeout: 20_000 }).toBeGreaterThan(0.3);
    await expect.poll(level, { timeout: 20_000 }).toBeLessThan(0.1);
    await page.keyboard.up(' ');
    await expect.poll(() => uploads().length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => composer(page).inputValue(), { timeout: 20_000 }).toBe(HEARD);
    expect(await composer(page).evaluate((box) => box === document.activeElement)).toBe(true);
    await checkStop(page, 'push-to-talk, dark');
    expect(await pointerEventsSeen(page)).toEqual([]);
  }, JOURNEY_TIMEOUT_MS);
});

describe('hands-free talk, phone, touch, dark', () => {
  pagePerTest({
    viewport: VIEWPORTS.phone,
    colorScheme: 'dark',
    hasTouch: true,
    isMobile: true,
    args: microphone('question.wav'),
    onOpen: async (opened) => ((page = opened.page), await watchMicrophone()),
  });

  it('listens, sends what was said, speaks the reply sentence by sentence before it has streamed to the end, then listens again', async () => {
    await openChat(true);
    await checkTouchTargets(page, 'the message box with its microphone', '.chat-composer');
    expect(await microphoneAsked()).toBe(0);

    await page.getByRole('button', { name: 'Talk hands-free' }).tap();
    const view = page.getByRole('dialog', { name: 'Conversation' });
    await view.waitFor();
    const state = view.getByRole('status');
    await expect.poll(() => state.textContent()).toBe('Listening');
    await checkStop(page, 'the conversation, listening');
    await page.screenshot({ path: `${SHOTS}/voice-conversation-phone-dark.png` });

    // What was said is sent as the user's message.
    await expect.poll(() => chatRequests().some((r) => textOf(r.body.messages.at(-1).content) === HEARD), { timeout: 20_000 }).toBe(true);
    const request = chatRequests().find((r) => textOf(r.body.messages.at(-1).content) === HEARD)!;
    // Spoken sentence by sentence: two or more, the first asked for before the reply's last byte.
    await expect.poll(() => speeches().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(speeches()[0]!.receivedAt).toBeLessThan(request.response.lastByteAt ?? Number.POSITIVE_INFINITY);
    expect(speeches()[0]!.body.input).toBe('Paris is the capital of France.');
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe('Listening');
    expect(speeches().map((s) => s.body.input).join(' ')).toBe(REPLY);

    await view.getByRole('button', { name: 'End conversation' }).first().tap();
    await view.waitFor({ state: 'detached' });
    // The microphone is free again.
    await expect.poll(() => page.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).length > 0)).toBe(true);
    await page.getByRole('article', { name: 'You' }).filter({ hasText: HEARD }).waitFor();
  }, JOURNEY_TIMEOUT_MS);
});

describe('barge-in, desktop, pointer, light', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', args: microphone('two-utterances.wav'), onOpen: async (opened) => ((page = opened.page), await watchMicrophone()) });

  it('speaking over the reply stops its voice within 300 ms and stops the reply', async () => {
    await openChat();
    // Long sentences of speech: the reply is still being spoken when "Stop." comes.
    server.setSpeech(() => new Uint8Array(sineWav({ seconds: 4 })));
    // The first utterance asks for a story; the second ("Stop.") carries no request of its own.
    server.setTranscribe(({ file }) => (file.bytes.length > 3000 && !chatRequests().some((r) => textOf(r.body.messages.at(-1).content) === STORY) ? STORY : ''));
    await page.getByRole('button', { name: 'Talk hands-free' }).click();
    const view = page.getByRole('dialog', { name: 'Conversation' });
    await expect.poll(() => view.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Speaking');
    // The second utterance comes while it speaks: playback stops, the reply stops.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __paused: number[] }).__paused.length), { timeout: 20_000 }).toBeGreaterThan(0);
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect.poll(() => reply.getAttribute('data-state'), { timeout: 20_000 }).toBe('stopped');
    const [openedAt, pausedAt] = await page.evaluate(() => [(window as unknown as { __microphoneAt: number }).__microphoneAt, (window as unknown as { __paused: number[] }).__paused[0]!]);
    const latency = pausedAt - (openedAt + secondUtteranceOnsetMs());
    expect(latency).toBeLessThan(300);
    await checkStop(page, 'barge-in');
  }, JOURNEY_TIMEOUT_MS);
});

/** Where "Stop." starts in two-utterances.wav: the first loud 20 ms frame after the long silence. */
function secondUtteranceOnsetMs(): number {
  const wav = readFileSync(fixture('two-utterances.wav'));
  const rate = wav.readUInt32LE(24);
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
  const frame = Math.round(rate / 50);
  let quietFrames = 0;
  let pastFirst = false;
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i += 1) sum += (samples[i]! / 32768) ** 2;
    const loud = Math.sqrt(sum / frame) > 0.02;
    if (!pastFirst) {
      quietFrames = loud ? 0 : quietFrames + 1;
      if (quietFrames * 20 >= 1000) pastFirst = true;
    } else if (loud) return (at / rate) * 1000;
  }
  throw new Error('no second utterance in the fixture');
}
