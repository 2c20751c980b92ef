import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome } from './connected-app';

const appUrl = inject('appUrl');

let server: OpenAiServer;
let browser: TestBrowser;
let page: Page;
let dialogs: string[];
let violations: string[];

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['test-model'] });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  server.reset();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(appUrl).origin });
  page = await browser.newPage();
  dialogs = [];
  violations = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await openConnectedApp(page, appUrl, server);
});
afterEach(async () => {
  await browser.close();
});

const CODE = 'function greet(name) {\n  return `Hello, ${name}!`;\n}';
const REPLY = [
  'Here is a function:',
  '',
  '```js',
  CODE,
  '```',
  '',
  '| Language | Typed |',
  '| :------- | ----: |',
  '| JavaScript | no |',
  '| TypeScript | yes |',
  '',
  'And the identity $e^{i\\pi} + 1 = 0$, with a display:',
  '',
  '$$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$',
].join('\n');

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();

describe('markdown in a streamed reply', () => {
  it('renders code, a table and math, and Copy copies the code', async () => {
    server.setScript(textStream(REPLY, { chunkSize: 7, delayMs: 10 }));
    await sendFromHome(page, 'Show me markdown');
    await reply().locator('.katex').first().waitFor();
    expect(await reply().locator('pre code').textContent()).toBe(CODE);
    const table = reply().getByRole('table');
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await table.getByRole('cell', { name: 'TypeScript' }).count()).toBe(1);
    expect(await reply().locator('.katex-display').count()).toBe(1);
    // Highlighting arrives once the block is complete.
    await expect.poll(() => reply().locator('pre code span').count()).toBeGreaterThan(0);

    await reply().getByRole('button', { name: 'Copy' }).first().click();
    await reply().getByRole('button', { name: 'Copied' }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    expect(violations).toEqual([]);
  });

  it('runs no script from hostile markdown', async () => {
    const corpus = [
      '[click me](javascript:alert(1))',
      '[encoded](jav&#x09;ascript:alert(2))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==)',
      '<script>alert(4)</script>',
      '<img src=x onerror="alert(5)">',
      '<svg onload="alert(6)"><circle r="5"/></svg>',
      '<iframe src="javascript:alert(7)"></iframe>',
      '![pic](javascript:alert(8))',
      '<a href="javascript:alert(9)">raw link</a>',
      '<details open ontoggle="alert(10)">x</details>',
      '$\\href{javascript:alert(11)}{math link}$',
      '[vb](vbscript:msgbox(12))',
    ].join('\n\n');
    server.setScript(textStream(corpus, { chunkSize: 9, delayMs: 5 }));
    await sendFromHome(page, 'Be hostile');
    await reply().getByText('raw link', { exact: false }).first().waitFor();
    await page.waitForTimeout(1000); // time for any injected handler or lazy module to fire
    expect(dialogs).toEqual([]);
    expect(await reply().locator('script, iframe, [onerror], [onload], [ontoggle]').count()).toBe(0);
    const hrefs = await reply().locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => !/^(https?:|mailto:)/i.test(h ?? ''))).toEqual([]);
    // The text is shown, not executed.
    expect(await reply().textContent()).toContain('<script>alert(4)</script>');
    expect(violations).toEqual([]);
  });
});
