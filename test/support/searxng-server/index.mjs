// A SearXNG test server (issue 37): `GET /search?q=…&format=json` answered as SearXNG answers, in
// the modes the search doctor tells apart, switchable while it runs. Typical use:
//
//   const searxng = await startSearxngServer();   // searxng.url = http://127.0.0.1:PORT/
//   searxng.setMode('json-off');                  // 403 to format=json, SearXNG's page still answers
//   searxng.setMode('no-cors');                   // the same JSON, no Access-Control-Allow-Origin
//   searxng.setMode('limited');                   // 429, as the limiter answers
//   searxng.requests                              // [{ path, query }] of every request, to assert none came
//   await searxng.close();
import { createServer } from 'node:http';

/** Eight results with distinct https addresses and titles; every query gets them, its words echoed in the snippets. */
export const SEARXNG_RESULTS = [
  { url: 'https://example.org/parley-release-notes', title: 'Parley release notes' },
  { url: 'https://docs.example.com/searxng/settings', title: 'SearXNG settings.yml' },
  { url: 'https://news.example.net/2025/local-models', title: 'Local models keep getting better' },
  { url: 'https://wiki.example.org/Metasearch_engine', title: 'Metasearch engine' },
  { url: 'https://blog.example.com/cors-explained', title: 'CORS, explained' },
  { url: 'https://example.edu/papers/retrieval', title: 'Retrieval for language models' },
  { url: 'https://forum.example.io/t/reverse-proxy-headers', title: 'Reverse proxy headers' },
  { url: 'https://example.com/privacy', title: 'Search without tracking' },
];

const MODES = ['working', 'json-off', 'no-cors', 'limited'];

/** SearXNG's JSON for `query`: its shape (query, number_of_results, results with engine and score…). */
export function searxngAnswer(query) {
  return {
    query,
    number_of_results: SEARXNG_RESULTS.length,
    results: SEARXNG_RESULTS.map((result, index) => ({
      ...result,
      content: `${result.title}: what this page says about ${query}.`,
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'brave'],
      positions: [index + 1],
      score: 1 - index / 10,
      category: 'general',
      parsed_url: ['https', new URL(result.url).hostname, new URL(result.url).pathname, '', '', ''],
    })),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
  };
}

/** What Flask's abort(403) sends, as SearXNG does for a format not in search.formats. */
const FORBIDDEN_PAGE = '<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n';

export async function startSearxngServer({ mode = 'working', host = '127.0.0.1', port = 0 } = {}) {
  let current = mode;
  const requests = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://searxng.test');
    requests.push({ method: req.method, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    // A reverse proxy with `add_header … always` adds the header to every answer, errors too.
    if (current !== 'no-cors') res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    // At the root, or under a path prefix as behind a proxy (`/searx/`); anything else is not SearXNG.
    if (!/^(\/searx)?\/search\/?$/.test(url.pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    if (current === 'limited') {
      res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests');
      return;
    }
    const format = url.searchParams.get('format');
    if (format === 'json') {
      if (current === 'json-off') {
        res.writeHead(403, { 'content-type': 'text/html; charset=utf-8' }).end(FORBIDDEN_PAGE);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(searxngAnswer(url.searchParams.get('q') ?? '')));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>SearXNG</title><form><input name="q"></form>');
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const { port: bound } = server.address();
  const origin = `http://${host}:${bound}`;
  return {
    origin,
    url: `${origin}/`,
    requests,
    get mode() {
      return current;
    },
    setMode(next) {
      if (!MODES.includes(next)) throw new Error(`unknown SearXNG test server mode ${next}`);
      current = next;
    },
    reset() {
      current = mode;
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
