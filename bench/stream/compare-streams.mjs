// `npm run bench:stream` (and `-- --compare` alone): three streams at once (issue 38). The same chat
// page asks one model, then three at once (Compare), each streaming the same number of tokens from a
// local server at a fast hosted model's pace (1,000 tokens/s each: at full speed a whole reply comes in a
// few reads and the page renders it once, which measures nothing per token). The figure is the page's main-thread time per token shown, first token
// to the last token of the last answer on screen: three streams should cost each token at most 1.2 ×
// what one stream costs it. Rounds interleaved (one, three, one, three…); the median of the per-round ratios.
import { benchmarkTokens, startOpenAiServer, textStream } from '../../test/support/openai-server/index.mjs';
import { seedConnection } from '../../test/support/seed-connection.mjs';
import { FIRST_MARK, LAST_MARK, mainThreadFigures, startTrace } from './main-thread-trace.mjs';
import { markTokens } from './token-marks.mjs';

/** Tokens each answer streams, and how fast. */
export const COMPARE_TOKENS = 3_000;
const TOKENS_PER_SECOND = 1_000;
/** The server writes a batch of tokens this often (Node's timers are not finer than ~1 ms). */
const WRITE_EVERY_MS = 10;
export const COMPARE_RATIO_TARGET = 1.2;
const MODELS = ['bench-a', 'bench-b', 'bench-c'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A chat of the app's own shape, stored before the page opens it: `compare` set or not. */
function seedChat({ id, model, compare }) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('parley');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('chats', 'readwrite');
      const at = Date.now();
      tx.objectStore('chats').put({ id, title: 'Bench', titleSource: 'user', createdAt: at, updatedAt: at, pinned: false, model, ...(compare && { compare: { models: compare } }) });
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** One token per SSE event, written in batches every WRITE_EVERY_MS so the stream runs at TOKENS_PER_SECOND. */
function paced({ steps, ...rest }) {
  const perWrite = Math.round((TOKENS_PER_SECOND * WRITE_EVERY_MS) / 1000);
  const batches = [];
  for (let at = 0; at < steps.length; at += perWrite) batches.push({ data: steps.slice(at, at + perWrite).map((step) => step.data).join(''), delayMs: at === 0 ? 0 : WRITE_EVERY_MS });
  return { ...rest, steps: batches };
}

/** Each model's answer: the same tokens, then a last word of its own. */
const lastTokenOf = (model) => `end-of-${model}`;

export async function runCompareStreams({ browser, appUrl, runs }) {
  const tokens = benchmarkTokens(COMPARE_TOKENS);
  const server = await startOpenAiServer({
    models: MODELS,
    script: (request) => {
      if (!request.body?.stream) return { json: { choices: [{ message: { content: 'Bench' } }] } };
      return paced(textStream([...tokens, ` ${lastTokenOf(request.body.model)}`], { chunkSize: 1 }));
    },
  });
  let chats = 0;
  try {
    const seedPage = await browser.newPage();
    await seedPage.goto(appUrl + 'assets/seed.txt');
    // One local connection that takes three at once (a local server is otherwise paced one at a time).
    await seedPage.evaluate(seedConnection, { model: `bench/${MODELS[0]}`, connections: [{ id: 'bench', name: 'Bench', kind: 'custom', baseUrl: server.url, maxConcurrent: 3 }] });
    await seedPage.close();

    /** A round whose trace lost a mark (it happens, rarely, on a loaded machine) is run again. */
    const measure = async (streams, tries = 3) => {
      const result = await measureOnce(streams);
      if (result || tries <= 1) return result ?? Promise.reject(new Error('the trace never held both marks'));
      return measure(streams, tries - 1);
    };
    const measureOnce = async (streams) => {
      const models = MODELS.slice(0, streams);
      const page = await browser.newPage();
      await page.addInitScript(markTokens, [tokens[0].trim(), models.map(lastTokenOf), FIRST_MARK, LAST_MARK]);
      const id = `bench-chat-${(chats += 1)}`;
      await page.goto(appUrl + 'assets/seed.txt');
      await page.evaluate(seedChat, { id, model: `bench/${models[0]}`, compare: streams > 1 ? models.map((m) => `bench/${m}`) : undefined });
      await page.goto(`${appUrl}chat/${id}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Write the benchmark reply.');
      const trace = await startTrace(page);
      await box.press('Enter');
      await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 180_000, polling: 100 });
      const events = await trace.stop();
      const figures = mainThreadFigures(events);
      await page.close();
      if (!figures) return null;
      const shown = COMPARE_TOKENS * streams;
      return { streams, busyMs: figures.busyMs, cpuMs: figures.cpuMs, windowMs: figures.windowMs, busyPerToken: figures.busyMs / shown, cpuPerToken: figures.cpuMs / shown, longestTaskMs: figures.longestTaskMs };
    };

    // A warm-up of each, then rounds: one stream, three streams, one, three…
    await measure(1);
    await measure(3);
    const one = [];
    const three = [];
    for (let i = 0; i < runs; i += 1) {
      one.push(await measure(1));
      three.push(await measure(3));
    }
    const busyRatios = three.map((r, i) => r.busyPerToken / one[i].busyPerToken);
    const cpuRatios = three.map((r, i) => r.cpuPerToken / one[i].cpuPerToken);
    const row = (name, list) => ({
      page: name,
      'tokens shown': list[0].streams * COMPARE_TOKENS,
      'first → last token on screen': `${Math.round(median(list.map((r) => r.windowMs)))} ms`,
      'main thread busy': `${Math.round(median(list.map((r) => r.busyMs)))} ms`,
      'busy per token': `${(median(list.map((r) => r.busyPerToken)) * 1000).toFixed(0)} µs`,
      'CPU per token': `${(median(list.map((r) => r.cpuPerToken)) * 1000).toFixed(0)} µs`,
      'longest task': `${Math.round(median(list.map((r) => r.longestTaskMs)))} ms`,
    });
    return {
      rows: [row('Parley, one stream', one), row('Parley, three streams at once (Compare)', three)],
      verdict: {
        busyPerTokenRatio: median(busyRatios),
        busyPerTokenRatioRange: [Math.min(...busyRatios), Math.max(...busyRatios)],
        cpuPerTokenRatio: median(cpuRatios),
        target: COMPARE_RATIO_TARGET,
      },
      raw: { one, three },
    };
  } finally {
    await server.close();
  }
}
