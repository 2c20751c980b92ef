// The heap part of `npm run bench:budget` (issue 12 "Memory"): the JS heap after a forced GC with
// bench:store's 10,000 chats loaded, with its 2,000-message chat open, after streaming a 100 KB
// reply from the OpenAI-compatible test server, and before and after opening and closing 50 chats.
import { startOpenAiServer, textStream } from '../../test/support/openai-server/index.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { seedDatabase } from '../store/seed.mjs';

/** bench:store's data: 10,000 chats, 200,000 messages, one of 2,000. */
export const STORE = { chats: 10_000, messages: 200_000, longChatMessages: 2_000, needle: 'quixotezanzibar' };
/** Different chats opened and left for the leak figures (all within the sidebar's first 100 entries). */
export const LEAK_ROUNDS = 50;
/** Sidebar links before the seeded everyday chats: the pinned 2,000-message chat and the streamed one. */
const FIRST_EVERYDAY_LINK = 2;
/** The streamed reply: 100 KB of text. */
const REPLY_BYTES = 100 * 1024;
/** Characters per SSE chunk: about a token's worth, as a model sends them. */
const REPLY_CHUNK_CHARS = 4;
/** The longest the app waits for an idle moment before its boot-time idle work (IDLE_TIMEOUT_MS, 3 s), plus a margin. */
const APP_IDLE_TIMEOUT_MS = 3500;
/** Opening the long chat renders 2,000 messages a batch per task; 10,000 chats load in seconds, slower on two shared cores. */
const WAIT_MS = 120_000;

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A change in the heap, signed, in KB: small enough that MB would round it to nothing. */
const growth = (bytes) => `${bytes < 0 ? '−' : '+'}${Math.round(Math.abs(bytes) / 1024).toLocaleString('en')} KB`;

/** Paragraphs of prose (numbered, so the last one is recognisable) adding up to `bytes`. */
export function replyText(bytes) {
  const paragraphs = [];
  let length = 0;
  for (let i = 0; length < bytes; i += 1) {
    const paragraph = `Paragraph ${i}: the reply goes on about memory, heaps and garbage collection, at some length.`;
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n');
}

/** The JS heap after a forced garbage collection. */
async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Seeds the store and a connection on the app's origin, from a missing asset's page so no app code holds the database open. */
async function seed(browser, url, serverUrl) {
  const page = await browser.newPage();
  await page.goto(`${url}assets/seed.txt`);
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.deleteDatabase('parley');
        request.onsuccess = resolve;
        request.onerror = () => reject(request.error);
        // A page still holding the database (a tab left open) would stall the run here silently.
        request.onblocked = () => reject(new Error('deleting the database is blocked by an open connection'));
      }),
  );
  const { longChatId } = await page.evaluate(seedDatabase, STORE);
  await page.evaluate(seedConnection, { baseUrl: serverUrl });
  await page.close();
  return longChatId;
}

/** The whole history is in the store: the sidebar's list is no longer busy and shows chats. */
function historyLoaded() {
  const list = document.querySelector('nav .chat-history');
  return !!list && !list.hasAttribute('aria-busy') && list.querySelector('a[href*="chat/"]') !== null;
}

/** Measures the heap figures in a fresh tab of `browser` on the app at `url`; returns report rows. */
export async function measureHeap(browser, url, log = console.log) {
  const reply = replyText(REPLY_BYTES);
  const lastWords = reply.slice(reply.lastIndexOf('Paragraph '), reply.indexOf(':', reply.lastIndexOf('Paragraph ')));
  const server = await startOpenAiServer({
    // Title requests do not stream: they get a short title.
    script: (request) => (request.body?.stream ? textStream(reply, { chunkSize: REPLY_CHUNK_CHARS }) : { json: { choices: [{ message: { content: 'Heap' } }] } }),
  });
  try {
    log(`heap: seeding ${STORE.chats.toLocaleString('en')} chats…`);
    const longChatId = await seed(browser, url, server.url);
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await page.goto(url);
    await page.waitForFunction(historyLoaded, null, { timeout: WAIT_MS });
    // After the idle work queued at boot (dialogs preloaded), so the figure is the settled home page.
    await page.evaluate((timeout) => new Promise((resolve) => requestIdleCallback(resolve, { timeout })), APP_IDLE_TIMEOUT_MS);
    const loaded = await heapAfterGc(cdp);
    log(`heap: home, chats loaded: ${mb(loaded)}`);

    const home = async () => {
      await page.evaluate(() => history.back());
      await page.waitForFunction(() => document.getElementById('home-composer') !== null, null, { timeout: WAIT_MS });
    };
    await page.locator(`nav a[href$="chat/${longChatId}"]`).first().click();
    await page.waitForFunction((n) => document.querySelectorAll('article').length >= n, STORE.longChatMessages, { timeout: WAIT_MS, polling: 'raf' });
    const longChat = await heapAfterGc(cdp);
    log(`heap: long chat open: ${mb(longChat)}`);
    await home();

    const box = page.locator('#home-composer');
    await box.fill('Tell me about memory.');
    await box.press('Enter');
    await page.waitForFunction(
      (words) => [...document.querySelectorAll('article[data-role="assistant"][data-state="complete"]')].some((a) => (a.textContent ?? '').includes(words)),
      lastWords,
      { timeout: WAIT_MS },
    );
    const streamed = await heapAfterGc(cdp);
    log(`heap: after a streamed reply: ${mb(streamed)}`);
    await home();

    // The leak figures: LEAK_ROUNDS different chats opened and left from the sidebar, then the
    // same ones again. The store keeps the messages of the last few chats opened
    // (src/chat/store/message-retention.ts) and lets the others go, so neither pass should grow.
    const links = page.locator('nav a[href*="chat/"]');
    const openAndLeave = async (index) => {
      await links.nth(index).click();
      await page.waitForFunction(() => document.querySelectorAll('article').length > 0, null, { timeout: WAIT_MS });
      await home();
    };
    const pass = async () => {
      for (let round = 1; round <= LEAK_ROUNDS; round += 1) await openAndLeave(FIRST_EVERYDAY_LINK + round);
    };
    // A first chat warms code and styles loaded on first use.
    await openAndLeave(FIRST_EVERYDAY_LINK);
    const warm = await heapAfterGc(cdp);
    await pass();
    const firstPass = await heapAfterGc(cdp);
    await pass();
    const secondPass = await heapAfterGc(cdp);
    log(`heap: ${LEAK_ROUNDS} chats opened and closed: ${mb(warm)} → ${mb(firstPass)}, again: → ${mb(secondPass)}`);
    await page.close();
    return [
      { figure: `JS heap, home with ${STORE.chats.toLocaleString('en')} chats loaded`, measured: mb(loaded), target: 'reported' },
      { figure: `JS heap, ${STORE.longChatMessages.toLocaleString('en')}-message chat open (all rendered)`, measured: mb(longChat), target: 'reported' },
      { figure: `JS heap, after streaming a ${REPLY_BYTES / 1024} KB reply (its chat open)`, measured: mb(streamed), target: 'reported' },
      { figure: `JS heap growth, ${LEAK_ROUNDS} chats opened and closed (the store keeps the last 8 chats' messages)`, measured: `${growth(firstPass - warm)} (${mb(warm)} → ${mb(firstPass)})`, target: 'no growth' },
      { figure: `JS heap growth, the same ${LEAK_ROUNDS} chats opened and closed again`, measured: `${growth(secondPass - firstPass)} (${mb(firstPass)} → ${mb(secondPass)})`, target: 'no growth' },
    ];
  } finally {
    await server.close();
  }
}
