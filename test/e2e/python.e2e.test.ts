import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { echoLastUser, textStream, toolCallStream, TOOL_RESULTS_PREFIX, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, tabTo, VIEWPORTS } from './screen-checks';
import { openSettingsSection, settingsDialog } from './locators';
import { APP_DIST, goOffline, hostApp, serviceWorkerInControl, type AppHost } from './offline-app';
import { DEMO_GREETING, DOT_PNG as FIGURE_PNG, startPackagesServer, type PackagesServer } from '../support/python-packages';

// Issue 36, Python: the model's run_python tool goes through approval, reads the chat's CSV at
// /mnt/data and gives the exact mean back; Stop ends a running call's sandbox within a second.
// Run on a reply's Python block: code reaching for indexedDB, fetch or the chat's files (to write
// them) gets nothing while a loopback "exfiltration" server records that nothing reached it, and an
// endless loop is ended by Stop within a second, timed in the page. Pyodide comes from Parley's build.

const appUrl = inject('appUrl');
let server: OpenAiServer;
let page: Page;

const CSV = 'name,score\nada,3\nbob,4\ncy,8\n';
/** A 1×1 PNG the program writes to /mnt/data/out. */
const DOT_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const MEAN = [
  'import csv, statistics',
  "with open('/mnt/data/scores.csv') as f:",
  "    rows = list(csv.DictReader(f))",
  "print('mean =', statistics.mean(float(row['score']) for row in rows))",
  'import base64',
  "_ = open('/mnt/data/out/summary.txt', 'w').write('mean=5.0\\n')",
  `_ = open('/mnt/data/out/dot.png', 'wb').write(base64.b64decode('${DOT_PNG}'))`,
].join('\n');
const TOOL_LOOP = 'while True:\n    pass';

/** The model: "python: mean" / "python: loop" call run_python with that program; after the result, it quotes it. */
function pythonModel() {
  const echo = echoLastUser();
  return (request: RecordedRequest) => {
    const messages = ((request.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages) ?? [];
    const last = messages.at(-1);
    const text = (content: unknown) => (Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : String(content ?? ''));
    if (last?.role === 'tool') return textStream(`${TOOL_RESULTS_PREFIX}${text(last.content)}`);
    const asked = /python: (mean|loop)\s*$/.exec(text(last?.content));
    if (asked) return toolCallStream([['run_python', { code: asked[1] === 'mean' ? MEAN : TOOL_LOOP }]]);
    return echo(request);
  };
}
modelServerPerFile({ models: ['test-model'], script: pythonModel() }, (started) => (server = started));

/** A loopback server that records every request that reaches it. */
let exfil: { url: string; requests: string[]; http: Server };
beforeAll(async () => {
  const requests: string[] = [];
  const http = createServer((req: IncomingMessage, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('leaked');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  exfil = { url: `http://127.0.0.1:${(http.address() as { port: number }).port}`, requests, http };
});
/** The Python packages' address the user approves (a loopback mirror of one demo wheel). */
let packages: PackagesServer;
beforeAll(async () => (packages = await startPackagesServer()));
afterAll(() => packages.close());
afterAll(async () => {
  exfil.http.closeAllConnections();
  await new Promise<void>((resolve) => exfil.http.close(() => resolve()));
});

const REACH = (url: string) =>
  [
    'import js',
    'found = []',
    'try:',
    "    js.indexedDB.open('parley')",
    "    found.append('indexedDB opened')",
    'except Exception as e:',
    "    found.append('indexedDB refused')",
    'try:',
    `    await js.fetch('${url}/js-fetch')`,
    "    found.append('fetch reached')",
    'except Exception as e:',
    "    found.append('fetch refused')",
    'try:',
    '    from pyodide.http import pyfetch',
    `    await pyfetch('${url}/pyfetch', method='POST', body='x')`,
    "    found.append('pyfetch reached')",
    'except Exception as e:',
    "    found.append('pyfetch refused')",
    'try:',
    "    open('/mnt/data/scores.csv', 'w')",
    "    found.append('file written')",
    'except Exception as e:',
    "    found.append('file refused: ' + type(e).__name__)",
    "print('\\n'.join(found))",
    "_ = open('/mnt/data/out/found.txt', 'w').write('\\n'.join(found))",
  ].join('\n');
const LOOP = "print('looping', flush=True)\nwhile True:\n    pass";

/** Each test starts Pyodide two or three times (a few seconds each on two busy cores). */
const PYTHON_TEST_MS = 120_000;

const lastReply = () => page.getByRole('article', { name: 'Assistant' }).last();
const cards = () => page.locator('.tool-call');
const cardState = (n: number, state: string) => cards().nth(n).and(page.locator(`[data-state="${state}"]`)).waitFor({ timeout: 60_000 });
const block = (at: number): Locator => lastReply().locator('.markdown__code').nth(at);
const output = (at: number) => block(at).getByRole('group', { name: 'Output of the PYTHON block', exact: true });

/**
 * In the page: the time from the next press of the button named `stopName` (a click, or Enter on it)
 * until `selector` matches and, when `noFrames`, no frame is left (watched by a MutationObserver).
 */
function timeStop(stopName: string, selector: string, noFrames = false) {
  return page.evaluate(
    ([name, shown, framesGone]) =>
      new Promise<number>((resolve) => {
        let pressed = 0;
        const holds = () => !!document.querySelector(shown) && (!framesGone || document.querySelectorAll('iframe').length === 0);
        document.addEventListener('click', (event) => (pressed ||= (event.target as Element).closest('button')?.getAttribute('aria-label') === name ? performance.now() : 0), { capture: true });
        document.addEventListener('keydown', (event) => (pressed ||= event.key === 'Enter' && document.activeElement?.getAttribute('aria-label') === name ? performance.now() : 0), { capture: true });
        new MutationObserver(() => {
          if (pressed && holds()) resolve(performance.now() - pressed);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    [stopName, selector, noFrames] as const,
  );
}

describe('run_python, desktop light, by mouse', () => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('asks first, reads the attached CSV at /mnt/data and gives the exact mean; Stop ends a runaway call within a second', async () => {
    await sendFromHome(page, 'hello');
    await lastReply().getByText('You said: hello').waitFor();
    // The Tools menu offers Parley's own Code tools.
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Code' }).click();
    await page.getByRole('button', { name: 'Tools: 1' }).waitFor();
    await page.keyboard.press('Escape');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([{ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }]);
    await page.getByRole('list', { name: 'Attachments' }).locator('li[data-state="ready"]').waitFor();
    await composer(page).fill('What is the mean score? python: mean');
    await composer(page).press('Enter');

    // Approval first: nothing runs before it.
    await cardState(0, 'pending');
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await axeViolations(page, '.thread')).toEqual([]);
    await cards().nth(0).getByRole('button', { name: 'Approve' }).click();
    await cardState(0, 'done');
    // The exact value, in the result the thread shows and in what the model was sent, with the files the program wrote.
    const expected = `Output:\nmean = 5.0\n\n\nPicture dot.png (${Buffer.from(DOT_PNG, 'base64').length} bytes): attached.\n\nFile summary.txt:\nmean=5.0\n`;
    await lastReply().getByText(TOOL_RESULTS_PREFIX, { exact: false }).waitFor();
    const sent = server.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
    const toolMessage = sent.messages.findLast((message) => message.role === 'tool')!;
    const textOf = (content: unknown) => (Array.isArray(content) ? content.filter((part) => part.type === 'text').map((part) => part.text).join('') : String(content));
    expect(textOf(toolMessage.content)).toBe(expected);
    // The result and its picture are in the thread, on the tool's result (folded until opened).
    const result = page.getByRole('article', { name: 'Tool result' }).last();
    await result.getByText('Result of run_python').click();
    await result.getByText('mean = 5.0', { exact: false }).first().waitFor();
    await result.getByRole('button', { name: /run_python-1\.png/ }).waitFor();
    // The run's frame is gone with its run.
    expect(await page.locator('iframe').count()).toBe(0);

    // A runaway call: approved, then Stop; its sandbox frame (and the worker in it) is gone within a second.
    await composer(page).fill('python: loop');
    await composer(page).press('Enter');
    await cardState(1, 'pending');
    await cards().nth(1).getByRole('button', { name: 'Approve' }).click();
    await cardState(1, 'running');
    await page.locator('iframe[title="Parley sandbox running a tool call"]').waitFor({ state: 'attached' });
    const stopped = timeStop('Stop generating', '.tool-call[data-state="cancelled"]', true);
    await page.getByRole('button', { name: 'Stop generating' }).click();
    expect(await stopped).toBeLessThan(1_000);
    await cardState(1, 'cancelled');
    expect(await axeViolations(page, '.thread')).toEqual([]);
  }, PYTHON_TEST_MS);
});

describe('Python packages, desktop light, by mouse', () => {
  /** Parley as `npm start` serves it (its service worker keeps what a page uses), stopped to go offline. */
  let host: AppHost | undefined;
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
      host = await hostApp(APP_DIST, '/');
      await openConnectedApp(page, host.url, server);
      await serviceWorkerInControl(page);
    },
  });
  afterAll(async () => {
    await host?.stop();
  });

  it('says plainly a package needs an address; with one approved, installs it from there only, keeps it, and runs it offline', async () => {
    const blocks = ['import numpy\nprint(numpy.__version__)', 'import parleydemo\nprint(parleydemo.hello())', "import matplotlib.pyplot as plt\nplt.plot([1, 2, 3])\nprint('drawn')"];
    server.setScript(textStream(`Try:\n\n${blocks.map((code) => `\`\`\`python\n${code}\n\`\`\``).join('\n\nand\n\n')}\n`, { chunkSize: 200 }));
    await sendFromHome(page, 'Use some packages');
    await block(2).getByRole('button', { name: 'Run PYTHON' }).waitFor();

    // No address: numpy is named, and where to set one; nothing ran, nothing was fetched.
    await block(0).getByRole('button', { name: 'Run PYTHON' }).click();
    await output(0).and(page.locator('[data-state="unavailable"]')).waitFor();
    expect(await output(0).getByRole('status').innerText()).toBe(
      'Not run: it needs numpy, which Parley fetches only from a packages address you approve, and none is set (Settings → Code).',
    );
    expect(packages.requests).toEqual([]);

    await openSettingsSection(page, 'Code');
    const section = settingsDialog(page).getByRole('region', { name: 'Code' });
    await section.getByRole('textbox', { name: 'Python packages address' }).fill(packages.url);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText(`Packages are fetched from ${packages.url}`).waitFor();
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });

    await block(1).getByRole('button', { name: 'Run PYTHON' }).click();
    await output(1).and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    expect(await output(1).locator('pre').innerText()).toBe(`${DEMO_GREETING}\n`);
    expect(packages.requests).toEqual(['/pyodide/pyodide-lock.json', '/pyodide/parleydemo-1.0-py3-none-any.whl']);

    // A figure left open (matplotlib's pyplot, a stand-in here) comes back as a picture under the output.
    await block(2).getByRole('button', { name: 'Run PYTHON' }).click();
    await output(2).and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    expect(await output(2).locator('pre').innerText()).toBe('drawn\n');
    const figure = output(2).getByRole('img', { name: 'figure-1.png, made by the run' });
    await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await output(2).getByRole('link', { name: `Save figure-1.png (${Buffer.from(FIGURE_PNG, 'base64').length} bytes)` }).waitFor();
    expect(packages.requests).toEqual(['/pyodide/pyodide-lock.json', '/pyodide/parleydemo-1.0-py3-none-any.whl', '/pyodide/matplotlib-0.0.1-py3-none-any.whl']);

    // Offline (Parley's server down too): Pyodide from what the service worker kept, the package from what Parley kept.
    await goOffline(page, host!);
    await block(1).getByRole('button', { name: 'Run PYTHON' }).click();
    await output(1).and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    expect(await output(1).locator('pre').innerText()).toBe(`${DEMO_GREETING}\n`);
    expect(packages.requests).toHaveLength(3);
  }, PYTHON_TEST_MS);
});

describe('Run on a Python block, 390×844 touch, dark, by keyboard', () => {
  pagePerTest({
    viewport: { width: 390, height: 844 },
    colorScheme: 'dark',
    hasTouch: true,
    isMobile: true,
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('gets nothing out of the sandbox and stops an endless loop within a second', async () => {
    exfil.requests.length = 0;
    server.setScript(textStream(`Two programs:\n\n\`\`\`python\n${REACH(exfil.url)}\n\`\`\`\n\nand\n\n\`\`\`python\n${LOOP}\n\`\`\`\n`, { chunkSize: 200 }));
    await composer(page).fill('Write some Python');
    await tabTo(page, page.getByRole('button', { name: 'Send message' }));
    await page.keyboard.press('Enter');
    await block(1).getByRole('button', { name: 'Run PYTHON' }).waitFor();

    await tabTo(page, block(0).getByRole('button', { name: 'Run PYTHON' }));
    await page.keyboard.press('Enter');
    await output(0).and(page.locator('[data-state="done"]')).waitFor({ timeout: 60_000 });
    expect(await output(0).locator('pre').innerText()).toBe('indexedDB refused\nfetch refused\npyfetch refused\nfile refused: PermissionError\n');
    expect(exfil.requests).toEqual([]);
    // What it wrote to /mnt/data/out is there to save.
    await output(0).getByRole('link', { name: /^Save found\.txt \(\d+ bytes\)$/ }).waitFor();

    await tabTo(page, block(1).getByRole('button', { name: 'Run PYTHON' }));
    await page.keyboard.press('Enter');
    await output(1).locator('pre').getByText('looping').waitFor({ timeout: 60_000 });
    const stop = block(1).getByRole('button', { name: 'Stop PYTHON' });
    expect(await stop.evaluate((button) => button === document.activeElement)).toBe(true);
    const stopped = timeStop('Stop PYTHON', '.code-run[data-state="stopped"]');
    await page.keyboard.press('Enter');
    expect(await stopped).toBeLessThan(1_000);
    await output(1).getByRole('status').getByText('Stopped').waitFor();
    // The page kept working: the composer takes a message.
    await composer(page).fill('still here');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page, '.thread')).toEqual([]);
  }, PYTHON_TEST_MS);
});
