// Settings → Voice (issue 39) in real Chromium: the server engine chosen on the test server's
// connection, a voice from its list, the speed, kept over a reload; Check says the server works,
// and for a second server without CORS says so with the fix. On a 390×844 touch screen (dark) and
// at a desk by keyboard alone (light): no sideways scroll, axe clean. Check never asks for the
// microphone: getUserMedia is counted by an init script, and stays at zero.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, settingsDialog, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations, horizontalOverflow, tabTo, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
/** Where pictures of each screen go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;

let server: OpenAiServer;
/** A server whose answers carry no CORS headers: the browser keeps them from the page. */
let closed: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ models: ['test-model', 'whisper-1', 'tts-1'] });
  closed = await startOpenAiServer({ cors: false, models: ['test-model', 'whisper-1', 'tts-1'] });
});
afterAll(async () => {
  await server.close();
  await closed.close();
});

const section = (page: Page) => settingsDialog(page).getByRole('region', { name: 'Voice' });
const listening = (page: Page) => section(page).getByRole('group', { name: 'Listen with' });
const speaking = (page: Page) => section(page).getByRole('group', { name: 'Speak with' });
const findings = (page: Page) => section(page).getByRole('status', { name: 'What Check found' });
const microphoneAsks = (page: Page) => page.evaluate(() => (window as unknown as { getUserMediaCalls: number }).getUserMediaCalls);

/** Counts every call of getUserMedia, from before the app's first line. */
function countMicrophoneAsks() {
  const counted = window as unknown as { getUserMediaCalls: number };
  counted.getUserMediaCalls = 0;
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia) return;
  const ask = devices.getUserMedia.bind(devices);
  devices.getUserMedia = (constraints) => {
    counted.getUserMediaCalls++;
    return ask(constraints);
  };
}

/** Two connections, the test server's the default model's, then the app. */
async function openApp(page: Page) {
  await page.addInitScript(countMicrophoneAsks);
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, {
    baseUrl: server.url,
    model: 'test/test-model',
    connections: [
      { id: 'test', name: 'Test server', kind: 'custom', baseUrl: server.url },
      { id: 'closed', name: 'Closed server', kind: 'custom', baseUrl: closed.url },
    ],
  });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

/** Where the voice settings are kept: this browser's settings row. */
const storedVoice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('settings').objectStore('settings').get('voice');
          get.onsuccess = () => (open.result.close(), resolve(get.result?.value));
          get.onerror = () => reject(get.error);
        };
      }),
  );

async function checkScreen(page: Page, name: string) {
  expect(await horizontalOverflow(page)).toEqual({ overflow: 0, culprits: [] });
  expect(await axeViolations(page, settingsDialog(page))).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `voice-${name}.png`) });
  }
}

/** Presses Check and waits for its findings, brought into view. */
async function runCheck(page: Page, by: 'touch' | 'keyboard') {
  const check = section(page).getByRole('button', { name: 'Check', exact: true });
  if (by === 'touch') await check.tap();
  else {
    await tabTo(page, check);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => findings(page).getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
  return (await findings(page).textContent()) ?? '';
}

async function journey(page: Page, by: 'touch' | 'keyboard', name: string) {
  await openApp(page);
  if (by === 'touch') {
    await page.goto(new URL('?settings=voice', appUrl).href);
  } else {
    await page.keyboard.press('Control+,');
    await tabTo(page, settingsSectionButton(page, 'Voice'));
    await page.keyboard.press('Enter');
  }
  await section(page).waitFor();
  await expect.poll(() => listening(page).getByRole('radio', { name: 'Your server' }).isChecked()).toBe(true);
  await checkScreen(page, `${name}-start`);

  // Speaking through the server, with a voice from its list and a faster speed.
  const serverVoice = speaking(page).getByRole('radio', { name: 'Your server' });
  const voice = speaking(page).getByRole('combobox', { name: 'Voice' });
  const speed = section(page).getByRole('slider', { name: 'Speed' });
  if (by === 'touch') {
    await serverVoice.tap();
    await voice.waitFor();
    await expect.poll(() => voice.locator('option').count()).toBe(5);
    await voice.selectOption('am_adam');
    await speed.fill('1.5');
  } else {
    // The checked radio takes Tab; the arrows move the choice (the server's is the first).
    await tabTo(page, speaking(page).getByRole('radio', { name: 'This browser’s voices' }));
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => serverVoice.isChecked()).toBe(true);
    await expect.poll(() => voice.locator('option').count()).toBe(5);
    await tabTo(page, voice);
    // A closed select moves its choice with the arrows: '' → af_bella → af_sky → am_adam.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await tabTo(page, speed);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  }
  await expect.poll(() => voice.inputValue()).toBe('am_adam');
  await expect.poll(() => section(page).locator('output').first().textContent()).toBe('1.5×');
  await expect.poll(() => storedVoice(page)).toMatchObject({ transcriptionEngine: 'server', speechEngine: 'server', voice: 'am_adam', speed: 1.5, keepAudio: false });
  await checkScreen(page, `${name}-server`);

  await page.reload();
  await section(page).waitFor();
  await expect.poll(() => speaking(page).getByRole('radio', { name: 'Your server' }).isChecked()).toBe(true);
  await expect.poll(() => speaking(page).getByRole('combobox', { name: 'Voice' }).inputValue()).toBe('am_adam');
  expect(await section(page).getByRole('slider', { name: 'Speed' }).inputValue()).toBe('1.5');
  expect(await section(page).getByRole('switch', { name: 'Keep the recording with the message' }).isChecked()).toBe(false);

  server.reset();
  const fine = await runCheck(page, by);
  expect(fine).toContain('This page may use the microphone (a secure page).');
  expect(fine).toContain(`${server.url}: The server’s audio endpoints work.`);
  // Check looked at the microphone's permission without asking for it.
  expect(await microphoneAsks(page)).toBe(0);
  // Check asked the server the way voice does: a transcription and a sentence spoken, with the voice chosen.
  expect(server.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/audio/transcriptions'))).toHaveLength(1);
  expect(server.requests.find((request) => request.method === 'POST' && request.path.endsWith('/audio/speech'))?.body).toMatchObject({ model: 'tts-1', voice: 'am_adam' });
  await checkScreen(page, `${name}-check-fine`);

  // Listening through the server without CORS.
  const connection = listening(page).getByRole('combobox', { name: 'Connection' });
  if (by === 'touch') await connection.selectOption({ label: 'Closed server' });
  else {
    await tabTo(page, connection, { backwards: true });
    // '' (the default's) → Test server → Closed server.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
  }
  await expect.poll(() => storedVoice(page)).toMatchObject({ transcriptionConnection: 'closed' });
  const cors = await runCheck(page, by);
  expect(cors).toContain(`${closed.url}: The server answers, but its audio endpoints send no Access-Control-Allow-Origin header`);
  expect(cors).toContain(`Allow this page’s origin (${new URL(appUrl).origin}) in the server’s CORS setting`);
  // Still the test server for speaking: it works.
  expect(cors).toContain(`${server.url}: The server’s audio endpoints work.`);
  expect(await findings(page).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top < innerHeight && box.bottom > 0;
  })).toBe(true);
  await checkScreen(page, `${name}-check-cors`);
  if (by === 'touch') await checkTouchTargets(page, 'Settings → Voice', 'dialog[open] .voice-section');

  // Check never asked for the microphone.
  expect(await microphoneAsks(page)).toBe(0);
}

describe('Settings → Voice on a 390×844 touch screen, dark', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, colorScheme: 'dark', onOpen: (opened) => void (page = opened.page) });
  it('the server engine, a voice, the speed, kept over a reload; Check says it works, then CORS for the closed server', async () => {
    await journey(page, 'touch', 'phone-dark');
  });
});

describe('Settings → Voice at a desk, keyboard alone, light', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', onOpen: (opened) => void (page = opened.page) });
  it('the same by keyboard, axe clean in the light', async () => {
    await journey(page, 'keyboard', 'desktop-light');
  });
});
