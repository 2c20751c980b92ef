import { createServer, request, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import type { TestBrowser } from '../support/browser.mjs';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { afterAppIdle, openConnectedApp, sendFromHome } from './connected-app';
import { heading as headingOf } from './locators';
import { pagePerTest } from './page-per-test';

const appUrl = inject('appUrl');
const subUrl = inject('subUrl');
const at = (base: string, path: string) => new URL(path.replace(/^\//, ''), base).href;

let browser: TestBrowser;
let page: Page;
let requests: string[];
let navigations: string[];

const session = pagePerTest({
  browser: 'file',
  cspConsoleErrors: true,
  onOpen(opened) {
    ({ browser, page } = opened);
    requests = [];
    navigations = [];
    page.on('request', (r: Request) => {
      requests.push(new URL(r.url()).pathname);
      if (r.isNavigationRequest()) navigations.push(r.url());
    });
  },
});

const heading = () => headingOf(page);
const chunkRequests = (name: string) => requests.filter((p) => new RegExp(`/assets/${name}-[A-Z0-9]{8}\\.js$`).test(p));

describe('shell and routes', () => {
  // No chat has this id in a fresh profile: the chat page itself answers, inside the layout.
  it('loads a deep link to /chat/abc inside the layout', async () => {
    await page.goto(at(appUrl, '/chat/abc'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Parley home' }).count()).toBe(1);
    expect(await page.title()).toBe('Chat not found · Parley');
    expect(await page.locator('main#app').count()).toBe(1);
  });

  it('navigates with links without a full page load, and back and forward work', async () => {
    await page.goto(at(appUrl, '/chat/abc'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const before = navigations.length;

    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => page.url()).toBe(at(appUrl, '/'));
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    // Focus moves to where the user's next action is (the composer), the title follows the
    // route, and screen readers hear where they arrived.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id)).toBe('home-composer');
    expect(await page.title()).toBe('Parley');
    await expect.poll(() => page.locator('[data-route-announcer]').textContent()).toBe('Parley');

    // A screen without a composer: focus goes to its heading.
    await page.evaluate(() => {
      history.pushState(null, '', 'nowhere');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expect.poll(() => page.locator('[data-route-announcer]').textContent()).toBe('Page not found · Parley');
    await page.goBack();

    await page.goBack();
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    expect(page.url()).toBe(at(appUrl, '/chat/abc'));
    await page.goForward();
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');

    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(navigations.length).toBe(before);
  });

  it('fetches no page chunk before its route is visited: not at start-up, not while idle, not on hover or focus', async () => {
    const pageChunks = () => requests.filter((p) => /\/assets\/[a-z-]+-page-[A-Z0-9]{8}\.js$/.test(p));
    await page.goto(appUrl);
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    await afterAppIdle(page);
    const newChat = page.getByRole('link', { name: 'New chat' });
    await newChat.hover();
    await newChat.focus();
    await page.getByRole('link', { name: 'Parley home' }).focus();
    expect(pageChunks().map((p) => p.replace(/^.*\/assets\/([a-z-]+-page)-.*$/, '$1'))).toEqual(['home-page']);

    // The first visit fetches it, once; the visit is a client-side navigation, not a page load.
    await page.evaluate(() => {
      history.pushState(null, '', 'chat/abc');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    expect(chunkRequests('chat-page')).toHaveLength(1);
    expect(navigations).toHaveLength(1);
  });

  it('requests each page chunk only on its first visit', async () => {
    await page.goto(at(appUrl, '/chat/one'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    expect(chunkRequests('chat-page')).toHaveLength(1);
    expect(chunkRequests('home-page')).toHaveLength(0);
    expect(chunkRequests('ui-page')).toHaveLength(0);

    for (let i = 0; i < 2; i += 1) {
      await page.getByRole('link', { name: 'New chat' }).click();
      await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
      await page.goBack();
      await expect.poll(() => heading().textContent()).toBe('Chat not found');
    }
    expect(chunkRequests('chat-page')).toHaveLength(1);
    expect(chunkRequests('home-page')).toHaveLength(1);
    expect(chunkRequests('ui-page')).toHaveLength(0);
  });

  /** Records whether the loading indicator ever appeared, from inside the page. */
  const watchIndicator = () =>
    page.evaluate(() => {
      const w = window as unknown as { indicatorSeen: boolean };
      w.indicatorSeen = false;
      const check = () => {
        if (document.querySelector('[role="progressbar"][aria-label="Loading page"]')) w.indicatorSeen = true;
      };
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
    });
  const indicatorSeen = () => page.evaluate(() => (window as unknown as { indicatorSeen: boolean }).indicatorSeen);

  /**
   * Handles the home page chunk's request, once the page is open: through the browser context, which also sees
   * the service worker's requests (issue 26: it controls the page once an earlier test registered it). `emptyCache`:
   * the worker's cache kept the chunk from an earlier test and would answer without a request.
   */
  async function routeHomeChunk(handler: (route: Route) => unknown, { emptyCache = true } = {}) {
    if (emptyCache) {
      await page.evaluate(async () => {
        for (const name of await caches.keys()) await caches.delete(name);
      });
    }
    await page.context().route(/\/assets\/home-page-[A-Z0-9]{8}\.js$/, handler);
  }
  afterEach(async () => {
    await page.context().unrouteAll();
  });

  it('keeps the previous screen and shows the indicator when a page chunk takes 1 s', async () => {
    await page.goto(at(appUrl, '/chat/slow'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    await routeHomeChunk(async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await watchIndicator();
    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(indicatorSeen, { timeout: 900 }).toBe(true);
    expect(await heading().textContent()).toBe('Chat not found');
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    expect(await page.getByRole('progressbar', { name: 'Loading page' }).count()).toBe(0);
  });

  it('never shows the indicator when a page chunk takes 50 ms', async () => {
    await page.goto(at(appUrl, '/chat/fast'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    // A kept chunk answers faster still: either way, no indicator.
    await routeHomeChunk(
      async (route) => {
        await new Promise((r) => setTimeout(r, 50));
        await route.continue();
      },
      { emptyCache: false },
    );
    await watchIndicator();
    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    await page.waitForTimeout(300);
    expect(await indicatorSeen()).toBe(false);
  });

  it('shows an error with Reload when a page chunk fails to load', async () => {
    await page.goto(at(appUrl, '/chat/x'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    await routeHomeChunk((route) => route.abort());
    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => heading().textContent()).toBe('Parley was updated');
    expect(await page.getByRole('button', { name: 'Reload' }).count()).toBe(1);
    // The layout keeps working around the failed screen.
    expect(await page.getByRole('link', { name: 'Parley home' }).count()).toBe(1);
    session.pageErrors = session.pageErrors.filter((e) => !/dynamically imported module/i.test(e));
  });

  it.each(['/nowhere', '/chat/%E0%A4%A'])('shows Not Found inside the layout for %s', async (path) => {
    await page.goto(at(appUrl, path));
    await expect.poll(() => heading().textContent()).toBe('Page not found');
    expect(await page.getByRole('navigation').count()).toBe(1);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
  });

  it('leaves the /ui gallery out of the production build: Not Found, and no gallery chunk', async () => {
    await page.goto(at(appUrl, '/ui'));
    await expect.poll(() => heading().textContent()).toBe('Page not found');
    expect(requests.filter((p) => /\/assets\/ui-page-/.test(p))).toEqual([]);
  });

  it('renders /ui without the layout in the development build (--gallery)', async () => {
    await page.goto(at(inject('modelAppUrl'), '/ui'));
    await expect.poll(() => heading().textContent()).toBe('UI kit');
    expect(await page.getByRole('navigation').count()).toBe(0);
  });

  it('applies the saved theme before the app renders', async () => {
    await page.goto(at(appUrl, '/'));
    await page.evaluate(() => localStorage.setItem('parley.theme', 'dark'));
    const themes: string[] = [];
    await page.exposeFunction('reportTheme', (t: string) => themes.push(t));
    // Runs before any page script: records the theme at the first moment <body> exists.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') {
          (window as unknown as { reportTheme(t: string): void }).reportTheme(document.documentElement.dataset.theme ?? 'none');
        }
      });
    });
    await page.reload();
    await expect.poll(() => themes).toEqual(['dark']);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 17, 21)');
  });
});

describe('served under BASE_PATH=/sub/', () => {
  it('loads deep links with every asset and link under the base', async () => {
    await page.goto(at(subUrl, '/chat/abc'));
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
    const assets = requests.filter((p) => p.includes('/assets/'));
    expect(assets.length).toBeGreaterThan(2);
    expect(assets.filter((p) => !p.startsWith('/sub/assets/'))).toEqual([]);
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.filter((h) => h && !h.startsWith('#') && !h.startsWith('/sub/'))).toEqual([]);
    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sub/');
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    await page.goBack();
    await expect.poll(() => heading().textContent()).toBe('Chat not found');
  });

  it('shows Not Found for unknown addresses under the base', async () => {
    await page.goto(at(subUrl, '/nowhere'));
    await expect.poll(() => heading().textContent()).toBe('Page not found');
  });
});

describe('the server refuses to leave dist/', () => {
  /** Raw requests: browsers and fetch normalise `..` away before sending. */
  const raw = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(appUrl);
      const req = request({ host: hostname, port, path }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it.each([
    '/../package.json',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/assets/%2E%2E/%2E%2E/package.json',
    '/assets%2f..%2f..%2fpackage.json',
    '/..%5cpackage.json',
    '/assets\\..\\..\\package.json',
    '/index.html%00',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  ])('%s gets 400 or 404', async (path) => {
    const res = await raw(path);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain('"name": "parley"');
    expect(res.body).not.toContain('root:');
  });
});

describe('security headers of `npm start`', () => {
  /** A page on another origin that tries to frame Parley, and a frame it serves itself as a control. */
  let framer: Server;
  let framerUrl: string;
  beforeAll(async () => {
    framer = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        req.url === '/control'
          ? '<!doctype html><title>control</title><p id="control">framed fine</p>'
          : `<!doctype html><title>framer</title><iframe id="parley" title="Parley" src="${appUrl}"></iframe><iframe id="control" title="control" src="/control"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://localhost:${(framer.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    framer.closeAllConnections();
    await new Promise((resolve) => framer.close(resolve));
  });

  it('sends the page’s own policy plus frame-ancestors as a header, beside the meta the build wrote', async () => {
    const response = (await page.goto(appUrl))!;
    const headers = response.headers();
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toBe(`${meta}; frame-ancestors 'none'`);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('clipboard-write=(self)');
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
  });

  it('leaves a frame on another origin blank', async () => {
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto(framerUrl);
    const control = page.frameLocator('#control');
    await control.locator('#control').waitFor();
    await expect.poll(() => consoleErrors.some((e) => /frame-ancestors|X-Frame-Options/i.test(e))).toBe(true);
    const parley = await (await page.locator('iframe#parley').elementHandle())!.contentFrame();
    // Chromium shows its own error page in place of a refused frame.
    expect(parley!.url()).toMatch(/^chrome-error:/);
    expect(await page.frameLocator('#parley').locator('main#app').count()).toBe(0);
    // The refusal is the point of this test, not a fault of the app.
    session.pageErrors = session.pageErrors.filter((e) => !/frame-ancestors/.test(e));
  });
});

describe('a production session', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ models: ['test-model'] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('talks to no host but the app’s and the model server’s, and runs the stream worker under the CSP', async () => {
    const origins = new Set<string>();
    const workerPolicies: (string | undefined)[] = [];
    const app = new URL(appUrl).origin;
    browser.context.on('request', (r) => {
      // The browser is shared by the file: the /sub/ build's service worker, registered by an
      // earlier test, may still be warming its own cache. Only this app's requests count.
      const worker = r.serviceWorker();
      if (worker && new URL(worker.url()).origin !== app) return;
      if (/^https?:/.test(r.url())) origins.add(new URL(r.url()).origin);
    });
    browser.context.on('response', (r) => {
      if (/\/assets\/stream-worker-[A-Z0-9]{8}\.js$/.test(new URL(r.url()).pathname)) workerPolicies.push(r.headers()['content-security-policy']);
    });
    // Home, a chat with a streamed reply, Settings, and back home.
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('Hello from the model.', { reasoning: 'Greet back.', chunkSize: 5, delayMs: 10 }));
    await sendFromHome(page, 'Hello');
    await page.getByRole('article', { name: 'Assistant' }).last().getByText('Hello from the model.').waitFor();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => heading().textContent()).toBe('What shall we talk about?');
    await afterAppIdle(page);

    const model = new URL(server.url).origin;
    expect([...origins].filter((o) => o !== app && o !== model)).toEqual([]);
    expect(origins.has(model)).toBe(true);
    // A dedicated worker's CSP comes from its own script's response.
    expect(workerPolicies.length).toBeGreaterThan(0);
    for (const policy of workerPolicies) expect(policy).toContain("script-src 'self'");
    for (const policy of workerPolicies) expect(policy).toContain("connect-src 'self' http: https:");
  });
});
