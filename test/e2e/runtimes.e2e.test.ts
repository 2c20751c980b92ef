// Issue 36, slice B: the sandbox's runtimes. A React component, an SVG and a Mermaid diagram preview
// in the artifact panel, on a phone (touch, dark) and at the desk (light); the runtimes (React, the
// JSX transform, Mermaid) are fetched by the app on first use, kept by the service worker, and work
// offline afterwards; a JSX syntax error shows under the frame with its line. The chat is seeded
// through storage: the reply's streaming is not the point here. A component downloads as a page
// carrying its runtimes, and counts from the disk.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { APP_DIST, goOffline, hostApp, serviceWorkerInControl, type AppHost } from './offline-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, VIEWPORTS } from './screen-checks';
import { seedChats } from './seed-chats';

const appUrl = inject('appUrl');

const COUNTER = [
  "import { useState } from 'react';",
  '',
  'export default function Counter() {',
  '  const [count, setCount] = useState(0);',
  '  return <button onClick={() => setCount(count + 1)}>Count: {count}</button>;',
  '}',
].join('\n');
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><circle cx="60" cy="60" r="50" fill="teal"/></svg>';
const FLOW = ['graph TD', '  Start --> Finish'].join('\n');
/** Line 3 is broken: the JSX expression never closes. */
const BROKEN = ['export default function Broken() {', '  const x = 1;', '  return <div>{x</div>;', '}'].join('\n');
/** Line 2 imports what a preview does not have. */
const IMPORTER = ["import { useState } from 'react';", "import { motion } from 'framer-motion';", '', 'export default () => <motion.p>{String(useState)}</motion.p>;'].join('\n');

const REPLY = [
  'Here they are.',
  '',
  '### Counter',
  '',
  '```jsx',
  COUNTER,
  '```',
  '',
  '### Logo',
  '',
  '```svg',
  LOGO,
  '```',
  '',
  '### Flow',
  '',
  '```mermaid',
  FLOW,
  '```',
  '',
  '### Broken',
  '',
  '```tsx',
  BROKEN,
  '```',
  '',
  '### Animated',
  '',
  '```jsx',
  IMPORTER,
  '```',
].join('\n');

const CHAT_ID = 'runtimes';

let server: OpenAiServer;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

/** Stores the connection and the chat, then opens the chat. */
async function openSeededChat(page: Page, url: string) {
  await page.goto(new URL('assets/seed.txt', url).href);
  await page.evaluate(seedConnection, { baseUrl: server.url });
  await page.evaluate(seedChats, { chats: [{ id: CHAT_ID, title: 'Runtimes', texts: ['Show me things', REPLY], offsetMs: 0 }], startMs: Date.now() - 60_000 });
  await page.goto(new URL(`chat/${CHAT_ID}`, url).href);
  await page.getByRole('heading', { name: 'Counter' }).waitFor();
}

/** The panel, beside the thread (desktop) or over the screen (phone), titled by the artifact's name. */
const panelOf = (page: Page, name: string, phone: boolean): Locator => page.getByRole(phone ? 'dialog' : 'complementary', { name });
/** The artifact's own frame inside the sandbox's frame of the panel. */
const artifactIn = (panel: Locator): FrameLocator => panel.frameLocator('iframe').frameLocator('iframe');

async function press(button: Locator, touch: boolean) {
  if (touch) await button.tap();
  else await button.click();
}

/** Opens a block's artifact in the panel and waits for its preview tab. */
async function openInPanel(page: Page, language: string, name: string, phone: boolean): Promise<Locator> {
  // The thread draws a diagram itself: Open stands beside its drawing, its code hidden behind "Show code".
  const open = language === 'MERMAID' ? page.locator('figure.markdown__diagram > .markdown__diagram-actions') : page;
  await press(open.getByRole('button', { name: `Open the ${language} block in the panel` }).first(), phone);
  const panel = panelOf(page, name, phone);
  await panel.waitFor();
  expect(await panel.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
  return panel;
}

async function closePanel(page: Page, panel: Locator, phone: boolean) {
  await press(panel.getByRole('button', { name: 'Close the artifact' }), phone);
  await expect.poll(() => panel.count()).toBe(0);
}

/** The counter counts, the picture and the diagram draw: each in its own panel, axe clean. */
async function previewAll(page: Page, phone: boolean, axe: boolean) {
  const counter = await openInPanel(page, 'JSX', 'Counter', phone);
  const button = artifactIn(counter).getByRole('button', { name: 'Count: 0' });
  await press(button, phone);
  await artifactIn(counter).getByRole('button', { name: 'Count: 1' }).waitFor();
  if (axe) expect(await axeViolations(page, counter)).toEqual([]);
  await closePanel(page, counter, phone);

  const logo = await openInPanel(page, 'SVG', 'Logo', phone);
  await expect.poll(() => artifactIn(logo).locator('circle').getAttribute('fill')).toBe('teal');
  await closePanel(page, logo, phone);

  const flow = await openInPanel(page, 'MERMAID', 'Flow', phone);
  // Drawn by Mermaid in the sandbox: its nodes are the diagram's labels.
  await artifactIn(flow).locator('svg g.node').filter({ hasText: 'Finish' }).waitFor();
  expect(await artifactIn(flow).locator('svg g.node').allTextContents()).toEqual(['Start', 'Finish']);
  if (axe) expect(await axeViolations(page, flow)).toEqual([]);
  await closePanel(page, flow, phone);
}

/** Whether the service worker keeps the app's lazy chunk named `name` (its file: `<name>-<hash>.js`). */
const keptChunk = (page: Page, name: string) =>
  page.evaluate(async (chunk) => {
    const cache = await caches.open('parley-files');
    return (await cache.keys()).some((request) => new RegExp(`/assets/${chunk}-[A-Z0-9]{8}\\.js$`).test(request.url));
  }, name);

/** The runtimes' files the service worker keeps, by name (sandbox-react, sandbox-jsx-transform, sandbox-mermaid). */
const keptRuntimes = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open('parley-files');
    const names = (await cache.keys()).map((request) => new URL(request.url).pathname.split('/').pop()!);
    return names.flatMap((name) => /^sandbox-(react|jsx-transform|mermaid|python)-[A-Z0-9]{8}\.js$/.exec(name)?.[1] ?? []).sort();
  });

describe('desktop, light, with the mouse: online, then offline', () => {
  let page: Page;
  let host: AppHost | undefined;
  const checks = pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    // Checked below: the component importing another library throws, on purpose.
    checkPageErrors: false,
    onOpen(opened) {
      page = opened.page;
    },
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('previews a React counter, an SVG and a Mermaid diagram, shows a JSX syntax error at its line, and does it all again offline', async () => {
    host = await hostApp(APP_DIST, '/');
    await openSeededChat(page, host.url);
    // The runtimes are fetched through the worker from here on: it keeps each on its first use.
    await serviceWorkerInControl(page);
    await previewAll(page, false, true);

    // A broken component, previewed in the thread: the transform's error, at the block's line.
    await page.getByRole('button', { name: 'Preview TSX' }).click();
    const error = page.getByRole('alert').filter({ hasText: /^Error in the artifact, line 3: / });
    await error.waitFor();
    // A component importing anything but React: a plain error at that import's line.
    await page.getByRole('button', { name: 'Preview JSX' }).nth(1).click();
    await page.getByRole('alert').filter({ hasText: /^Error in the artifact, line 2: .*only React is available in previews: framer-motion$/ }).waitFor();

    // Kept on first use, not warmed ahead: exactly the three runtimes used.
    await expect.poll(() => keptRuntimes(page), { timeout: 15_000 }).toEqual(['jsx-transform', 'mermaid', 'react']);
    // The download's code is one of the lazy parts the worker warms while the page is idle: kept before going offline.
    await expect.poll(() => keptChunk(page, 'standalone-page'), { timeout: 30_000 }).toBe(true);

    await goOffline(page, host);
    await page.reload();
    await page.getByRole('heading', { name: 'Counter' }).waitFor();
    await previewAll(page, false, false);

    // Still offline: the counter downloads as a page carrying its runtimes, and counts from the disk.
    const counter = await openInPanel(page, 'JSX', 'Counter', false);
    const [download] = await Promise.all([page.waitForEvent('download'), counter.getByRole('button', { name: 'Download as a page' }).click()]);
    expect(download.suggestedFilename()).toBe('Counter-v1.html');
    const saved = path.join(await mkdtemp(path.join(tmpdir(), 'parley-component-')), download.suggestedFilename());
    await download.saveAs(saved);
    const opened = await page.context().newPage();
    await opened.goto(`file://${saved}`);
    await opened.getByRole('button', { name: 'Count: 0' }).click();
    await opened.getByRole('button', { name: 'Count: 1' }).waitFor();
    await opened.close();
    await closePanel(page, counter, false);
    expect(checks.pageErrors.filter((message) => !message.includes('only React is available in previews'))).toEqual([]);
  });
});

describe('390×844 touch phone, dark', () => {
  let page: Page;
  pagePerTest({
    viewport: VIEWPORTS.phone,
    colorScheme: 'dark',
    hasTouch: true,
    isMobile: true,
    onOpen(opened) {
      page = opened.page;
    },
  });

  it('previews the counter, the picture and the diagram over the screen', async () => {
    await openSeededChat(page, appUrl);
    await previewAll(page, true, true);
  });
});
