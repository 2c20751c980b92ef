// The browser set-up the e2e files share: a page for every test, opened before it and closed
// after it, with every uncaught error on the page failing the test it happened in.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSharedBrowser, launchBrowser, openContext, type LaunchOptions, type TestBrowser } from '../support/browser.mjs';
import { startOpenAiServer, type OpenAiServer, type OpenAiServerOptions } from '../support/openai-server/index.mjs';

export interface PagePerTestOptions extends Pick<LaunchOptions, 'viewport' | 'colorScheme' | 'hasTouch' | 'isMobile' | 'args'> {
  /**
   * 'test' (the default): a fresh browser profile for every test, so each has its own IndexedDB
   * and storage. 'file': one browser for the whole file, and a new page in it for every test.
   */
  browser?: 'test' | 'file';
  /** Whether an uncaught error on the page fails the test (the default). */
  checkPageErrors?: boolean;
  /** Counts console errors about the Content Security Policy as page errors too. */
  cspConsoleErrors?: boolean;
  /** Where to save a picture of the page when a test fails, taken before the browser closes. */
  failureScreenshot?: string;
  /**
   * Runs before each test once its page is open and watched: the file keeps the browser and page,
   * and adds its own listeners, init scripts or first navigation.
   */
  onOpen?: (opened: { browser: TestBrowser; page: Page }) => unknown;
}

/** How many of the page's last console lines a failure report shows. */
const CONSOLE_LINES_KEPT = 40;
/** How much of the page's text a failure report shows. */
const PAGE_TEXT_SHOWN = 1500;

/** Where a failed test's page stood: its address, its text and its console, printed into the test's output. */
async function reportFailure(page: Page | undefined, consoleLines: readonly string[]) {
  if (!page || page.isClosed()) return;
  const text = await page.evaluate(() => document.body?.innerText ?? '').catch((error: unknown) => `(unreadable: ${String(error)})`);
  console.log(
    [`--- the page when the test failed: ${page.url()}`, text.slice(0, PAGE_TEXT_SHOWN), '--- its console', ...consoleLines, '---'].join('\n'),
  );
}

export interface PagePerTest {
  /** The current test's page errors; a test that causes one on purpose filters it out. */
  pageErrors: string[];
  /** Another page (tab) in the current test's browser, whose errors count too. */
  newPage(): Promise<Page>;
}

/** Registers the hooks that give each test of the file (or of the describe it is called in) a page. */
export function pagePerTest(options: PagePerTestOptions = {}): PagePerTest {
  const { browser: scope = 'test', checkPageErrors = true, cspConsoleErrors = false, failureScreenshot, onOpen } = options;
  const settings = { viewport: options.viewport, colorScheme: options.colorScheme, hasTouch: options.hasTouch, isMobile: options.isMobile, args: options.args };
  const launch = () => launchBrowser(settings);
  let browser: TestBrowser | undefined;
  let page: Page | undefined;
  let pageErrors: string[] = [];
  /** The page's console, told on failure: a test that fails only on a busy CI machine leaves this behind. */
  let consoleLines: string[] = [];

  function watch(target: Page) {
    target.on('pageerror', (error) => pageErrors.push(String(error)));
    target.on('console', (message) => {
      consoleLines.push(`${message.type()}: ${message.text()}`.slice(0, 300));
      if (consoleLines.length > CONSOLE_LINES_KEPT) consoleLines.shift();
    });
    if (cspConsoleErrors) {
      target.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
      });
    }
  }

  if (scope === 'file') {
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
    });
  }
  // A test's own browser is a fresh context of the file's one Chromium: its storage is its own.
  if (scope === 'test') afterAll(() => closeSharedBrowser());
  beforeEach(async () => {
    pageErrors = [];
    consoleLines = [];
    page = undefined;
    if (scope === 'test') browser = await openContext(settings);
    page = await browser!.newPage();
    watch(page);
    await onOpen?.({ browser: browser!, page });
  });
  afterEach(async (context) => {
    // A picture of where a failed test stopped, for whoever reads the CI log's path.
    if (context.task.result?.state === 'fail') {
      if (failureScreenshot) await page?.screenshot({ path: failureScreenshot }).catch(() => {});
      await reportFailure(page, consoleLines);
    }
    if (scope === 'test') {
      await browser?.close();
      browser = undefined;
    } else await page?.close();
    if (checkPageErrors) expect(pageErrors).toEqual([]);
  });

  return {
    get pageErrors() {
      return pageErrors;
    },
    set pageErrors(errors) {
      pageErrors = errors;
    },
    async newPage() {
      const another = await browser!.newPage();
      watch(another);
      return another;
    },
  };
}

/**
 * The real OpenAI-compatible test server, one per file: started before the file's tests, reset
 * (script, queue and recorded requests) before each test, closed after the file.
 */
export function modelServerPerFile(options: OpenAiServerOptions | undefined, onStart: (server: OpenAiServer) => void): void {
  let server: OpenAiServer | undefined;
  beforeAll(async () => {
    server = await startOpenAiServer(options);
    onStart(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server?.reset();
  });
}
