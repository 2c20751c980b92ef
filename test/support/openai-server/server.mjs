// A real HTTP server speaking the OpenAI-compatible API (/v1/models, /v1/chat/completions,
// streamed and not), for unit tests, Chromium e2e tests and the streaming benchmark. It replays
// scripted responses byte for byte with per-step delays, can break the connection mid-stream,
// answers with any status and headers, does CORS (or deliberately not), and records every request.
// With `slots` it is a llama.cpp server started with that many: an overlapping request gets 503.
// Audio (issue 39): POST /v1/audio/transcriptions (multipart, the file's bytes recorded),
// POST /v1/audio/speech (a real WAV by default) and GET /v1/audio/voices (Kokoro-FastAPI's list).
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_MODEL, echoLastUser, errorResponse } from './chunks.mjs';
import { anthropicError, anthropicStream, responsesStream } from './native-chunks.mjs';
import { PREFLIGHT_MAX_AGE_S, readBodyBytes } from '../http-helpers.mjs';
import { parseMultipart, sineWav } from './audio.mjs';

export const API_PREFIX = '/v1';
const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, Accept';

const lowerKeys = (headers = {}) => Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), String(value)]));

/** The formats a server speaks by default: Chat Completions, Anthropic Messages and OpenAI Responses (issue 27). */
export const ALL_FORMATS = ['openai', 'anthropic', 'responses'];
/** The Messages API version Anthropic's clients name. */
export const ANTHROPIC_VERSION = '2023-06-01';

/** The routes that generate (and so take a slot): Chat Completions, Messages, Responses. */
const GENERATING = new Set([`${API_PREFIX}/chat/completions`, `${API_PREFIX}/messages`, `${API_PREFIX}/responses`]);

/** What llama.cpp answers a request that finds every slot busy (its error shape, type `unavailable_error`). */
export const NO_SLOT_BODY = { error: { code: 503, message: 'no slot available', type: 'unavailable_error' } };

/** What /v1/audio/transcriptions answers when the test gives no `transcribe`. */
export const DEFAULT_TRANSCRIPT = 'What is the tallest mountain in Europe?';
/** What GET /v1/audio/voices lists by default (Kokoro-FastAPI's shape: `{ voices: [...] }`). */
export const DEFAULT_VOICES = ['af_bella', 'af_sky', 'am_adam', 'bf_emma'];

const AUDIO_TYPES = { mp3: 'audio/mpeg', wav: 'audio/wav', opus: 'audio/ogg', aac: 'audio/aac', flac: 'audio/flac', pcm: 'audio/pcm' };

/** A responder's answer that is bare bytes: a 200 with them as audio of `contentType`. */
const audioAnswer = (answer, contentType) =>
  answer instanceof Uint8Array ? { status: 200, headers: { 'content-type': contentType }, steps: [{ data: answer }] } : answer;

/** The text of the last user turn of a Messages or Responses body, for the default echo. */
function lastUserText(items) {
  const last = [...(Array.isArray(items) ? items : [])].reverse().find((m) => m?.role === 'user');
  const content = last?.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.filter((p) => p?.type === 'text' || p?.type === 'input_text').map((p) => p.text).join('') : '';
}

export async function startOpenAiServer({ port = 0, host = '127.0.0.1', cors = true, models = [DEFAULT_MODEL], script, serverRoutes = {}, speaks = ALL_FORMATS, apiKey, anthropicPageSize, allowedHeaders, slots, transcribe, speech, voices = DEFAULT_VOICES } = {}) {
  /** @type {import('./server.d.mts').RecordedRequest[]} */
  const requests = [];
  const queue = [];
  /** The built-in echo: /v1/messages and /v1/responses echo in their own formats while it is the script. */
  const echo = echoLastUser();
  const defaults = { cors, models, script: script ?? echo, transcribe, speech, voices };
  let corsOn = defaults.cors;
  let chatScript = defaults.script;
  let modelsScript = defaults.models;
  let transcribeScript = defaults.transcribe;
  let speechScript = defaults.speech;
  let voicesScript = defaults.voices;
  const sockets = new Set();
  /** Generating requests at once: the peak, the 503s of a server with `slots`, and each served request's span. */
  const concurrency = { active: 0, peak: 0, rejected: 0, spans: [] };
  const closing = new AbortController();

  const corsHeaders = (exposed) => {
    if (!corsOn) return {};
    const headers = { 'access-control-allow-origin': '*' };
    // Retry-After and friends are unreadable cross-origin unless exposed.
    if (exposed.length) headers['access-control-expose-headers'] = exposed.join(', ');
    return headers;
  };

  const preflight = (req, res) => {
    if (!corsOn) {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    const headers = {
      ...corsHeaders([]),
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': allowedHeaders ?? req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
    };
    // Chromium's Private Network Access asks before a public page may call a local server.
    if (req.headers['access-control-request-private-network']) headers['access-control-allow-private-network'] = 'true';
    res.writeHead(204, headers).end();
  };

  const resolveScript = async (responder, record) => {
    const scripted = typeof responder === 'function' ? await responder(record) : responder;
    // A bare list of steps is a 200 event stream.
    return Array.isArray(scripted) ? { steps: scripted } : scripted;
  };

  /** Anthropic's list: `{data:[{type:'model',id,display_name,created_at}], has_more, first_id, last_id}`, a page at a time. */
  const anthropicModels = (record) => {
    const ids = modelsScript.map((entry) => (typeof entry === 'string' ? entry : entry.id));
    const size = anthropicPageSize ?? (Number(record.query.limit) || 20);
    const start = record.query.after_id ? ids.indexOf(record.query.after_id) + 1 : 0;
    const page = ids.slice(start, start + size);
    const data = page.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-02-19T00:00:00Z' }));
    return { status: 200, json: { data, has_more: start + size < ids.length, first_id: page[0] ?? null, last_id: page.at(-1) ?? null } };
  };

  /** What Anthropic answers a request without its headers (or with the wrong key). */
  const anthropicRefusal = (record) => {
    const h = record.headers;
    if (!h['x-api-key'] || (apiKey !== undefined && h['x-api-key'] !== apiKey)) {
      return anthropicError(401, 'authentication_error', h['x-api-key'] ? 'invalid x-api-key' : 'x-api-key header is required');
    }
    if (h['anthropic-version'] !== ANTHROPIC_VERSION) return anthropicError(400, 'invalid_request_error', 'anthropic-version: header is required');
    if (h.origin && h['anthropic-dangerous-direct-browser-access'] !== 'true') {
      return anthropicError(401, 'authentication_error', "CORS requests must set 'anthropic-dangerous-direct-browser-access' header");
    }
    return undefined;
  };

  const modelsResponse = async (record) => {
    const anthropic = record.headers['anthropic-version'] !== undefined || !speaks.includes('openai');
    if (anthropic && speaks.includes('anthropic')) {
      const refused = anthropicRefusal(record);
      if (refused) return refused;
      if (Array.isArray(modelsScript)) return anthropicModels(record);
    }
    if (Array.isArray(modelsScript)) {
      // An entry given as an object keeps its own fields (context length, capabilities) over the defaults.
      const data = modelsScript.map((entry) => ({ object: 'model', created: 0, owned_by: 'parley-test', ...(typeof entry === 'string' ? { id: entry } : entry) }));
      return { status: 200, json: { object: 'list', data } };
    }
    return resolveScript(modelsScript, record);
  };

  /** Writes a scripted response; returns when it has ended or the connection was broken. */
  const send = async (res, scripted, record) => {
    const info = record.response;
    let closed = false;
    const whenClosed = new Promise((resolve) => {
      res.on('close', () => {
        closed = true;
        if (!res.writableFinished && !info.disconnected) info.clientAborted = true;
        resolve(undefined);
      });
    });
    if (scripted.delayMs) await sleep(scripted.delayMs, undefined, { signal: closing.signal });
    if (scripted.hangUp) {
      // No status line at all: the client's fetch rejects as on a network failure.
      info.disconnected = true;
      res.socket?.destroy();
      return;
    }
    const isJson = scripted.json !== undefined;
    const own = lowerKeys(scripted.headers);
    const headers = {
      'content-type': isJson ? 'application/json' : 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...own,
      ...corsHeaders(Object.keys(own).filter((key) => key !== 'content-type')),
    };
    info.status = scripted.status ?? 200;
    res.writeHead(info.status, headers);
    res.flushHeaders();
    const steps = isJson ? [{ data: JSON.stringify(scripted.json) }] : (scripted.steps ?? []);
    const stopAfter = scripted.disconnectAfter;
    let written = 0;
    const count = stopAfter === undefined ? steps.length : Math.min(stopAfter, steps.length);
    let flushed = Promise.resolve();
    for (const step of steps.slice(0, count)) {
      if (step.delayMs && !scripted.ignoreDelays) await sleep(step.delayMs, undefined, { signal: closing.signal });
      if (step.until) await Promise.race([step.until, whenClosed]);
      if (closed) return;
      const { data } = step;
      info.firstByteAt ??= performance.now();
      info.bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
      written += 1;
      // Strings go to the socket as they are (Node encodes them natively), and only the last write
      // is awaited: at 20,000 writes a reply, per-write work would take the CPU the page under test needs.
      let ok = true;
      if (written < count) ok = res.write(data);
      else flushed = new Promise((resolve) => (ok = res.write(data, () => resolve())));
      // Backpressure: a fast script waits for the socket instead of buffering the whole reply.
      if (!ok) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), whenClosed]);
    }
    await Promise.race([flushed, whenClosed]);
    info.lastByteAt = info.bytes ? performance.now() : undefined;
    if (closed) return;
    if (stopAfter !== undefined) {
      // No terminating chunk: the client sees the body break off, as when a server crashes.
      info.disconnected = true;
      res.socket?.destroy();
      return;
    }
    info.completed = true;
    res.end();
  };

  /** Takes a slot for a generating request until its response closes; false when none is free (a 503 is sent). */
  const takeSlot = (res, record) => {
    if (slots !== undefined && concurrency.active >= slots) {
      concurrency.rejected += 1;
      return false;
    }
    concurrency.active += 1;
    concurrency.peak = Math.max(concurrency.peak, concurrency.active);
    const span = { model: record.body?.model, startedAt: performance.now(), endedAt: undefined, status: undefined };
    concurrency.spans.push(span);
    // 'close' comes after the end and after an abort alike: the slot is free either way.
    res.on('close', () => {
      concurrency.active -= 1;
      span.endedAt = performance.now();
      span.status = record.response.status;
    });
    return true;
  };

  /** POST /v1/audio/transcriptions: a multipart upload with a `file` and a `model`, answered `{ text }` (or text, per response_format). */
  const transcription = async (record) => {
    const file = record.upload?.files.find((f) => f.field === 'file');
    if (!record.upload) return errorResponse(400, 'The request is not multipart/form-data');
    if (!file) return errorResponse(400, "Missing required parameter: 'file'.", { code: 'missing_required_parameter' });
    if (!record.upload.fields.model) return errorResponse(400, "Missing required parameter: 'model'.", { code: 'missing_required_parameter' });
    const answer = transcribeScript ? await transcribeScript({ file, fields: record.upload.fields, record }) : DEFAULT_TRANSCRIPT;
    if (typeof answer !== 'string') return answer;
    if (record.upload.fields.response_format === 'text') return { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, steps: [{ data: answer }] };
    return { status: 200, json: { text: answer } };
  };

  /** POST /v1/audio/speech: JSON `{ model, input, voice, speed, response_format }`, answered with audio bytes. */
  const speechResponse = async (record) => {
    const body = record.body;
    if (!body || typeof body.input !== 'string') return errorResponse(400, "Missing required parameter: 'input'.", { code: 'missing_required_parameter' });
    if (speechScript) return audioAnswer(await speechScript(record), AUDIO_TYPES[body.response_format] ?? 'audio/mpeg');
    // A real WAV whatever was asked: said as what it is, so a browser decodes it.
    return audioAnswer(sineWav(), 'audio/wav');
  };

  const route = async (req, res, record) => {
    const { method, path } = record;
    if (method === 'OPTIONS') return preflight(req, res);
    if (method === 'POST' && GENERATING.has(path) && !takeSlot(res, record)) return send(res, { status: 503, json: NO_SLOT_BODY }, record);
    // A llama.cpp server says its slots (issue 38's pacing reads them), unless the test answers /props itself.
    if (method === 'GET' && path === '/props' && slots !== undefined && !serverRoutes['GET /props']) return send(res, { status: 200, json: { total_slots: slots } }, record);
    if (path === `${API_PREFIX}/models` && method === 'GET') return send(res, await modelsResponse(record), record);
    // A local server's own routes beside the API (llama.cpp's GET /props, Ollama's POST /api/show), when given.
    const own = serverRoutes[`${method} ${path}`];
    if (own) return send(res, await resolveScript(own, record), record);
    if (path === `${API_PREFIX}/chat/completions` && method === 'POST') {
      if (record.body === undefined) return send(res, errorResponse(400, 'The request body is not valid JSON'), record);
      const responder = queue.length ? queue.shift() : chatScript;
      return send(res, await resolveScript(responder, record), record);
    }
    if (path === `${API_PREFIX}/messages` && method === 'POST' && speaks.includes('anthropic')) {
      const refused = anthropicRefusal(record);
      if (refused) return send(res, refused, record);
      if (record.body === undefined) return send(res, anthropicError(400, 'invalid_request_error', 'The request body is not valid JSON'), record);
      const responder = queue.length ? queue.shift() : chatScript === echo ? () => anthropicStream({ text: `You said: ${lastUserText(record.body.messages)}` }) : chatScript;
      return send(res, await resolveScript(responder, record), record);
    }
    if (path === `${API_PREFIX}/responses` && method === 'POST' && speaks.includes('responses')) {
      if (apiKey !== undefined && record.headers.authorization !== `Bearer ${apiKey}`) return send(res, errorResponse(401, 'Incorrect API key provided', { code: 'invalid_api_key' }), record);
      if (!record.body?.model) return send(res, errorResponse(400, "Missing required parameter: 'model'.", { code: 'missing_required_parameter' }), record);
      const responder = queue.length ? queue.shift() : chatScript === echo ? () => responsesStream({ text: `You said: ${lastUserText(record.body.input)}` }) : chatScript;
      return send(res, await resolveScript(responder, record), record);
    }
    if (path === `${API_PREFIX}/audio/transcriptions` && method === 'POST') return send(res, await transcription(record), record);
    if (path === `${API_PREFIX}/audio/speech` && method === 'POST') return send(res, await speechResponse(record), record);
    if (path === `${API_PREFIX}/audio/voices` && method === 'GET' && voicesScript) {
      return send(res, Array.isArray(voicesScript) ? { status: 200, json: { voices: voicesScript } } : await resolveScript(voicesScript, record), record);
    }
    const known = path === `${API_PREFIX}/models` || path === `${API_PREFIX}/chat/completions`;
    const scripted = known ? errorResponse(405, `${method} is not allowed on ${path}`) : errorResponse(404, `Unknown path ${path}`, { type: 'not_found_error' });
    return send(res, scripted, record);
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const bytes = await readBodyBytes(req);
    const rawBody = bytes.toString('utf8');
    let body;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const record = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      body,
      upload: parseMultipart(bytes, req.headers['content-type']),
      receivedAt: performance.now(),
      response: { status: undefined, bytes: 0, firstByteAt: undefined, lastByteAt: undefined, completed: false, disconnected: false, clientAborted: false },
    };
    requests.push(record);
    try {
      await route(req, res, record);
    } catch (error) {
      if (closing.signal.aborted) return;
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.stack ?? error));
      else res.socket?.destroy();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const origin = `http://${host}:${address.port}`;

  return {
    origin,
    url: `${origin}${API_PREFIX}`,
    port: address.port,
    requests,
    concurrency,
    setScript(responder) {
      chatScript = responder;
    },
    enqueue(...responders) {
      queue.push(...responders);
    },
    setModels(idsOrResponder) {
      modelsScript = idsOrResponder;
    },
    setCors(on) {
      corsOn = on;
    },
    setTranscribe(responder) {
      transcribeScript = responder;
    },
    setSpeech(responder) {
      speechScript = responder;
    },
    setVoices(list) {
      voicesScript = list;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      corsOn = defaults.cors;
      chatScript = defaults.script;
      modelsScript = defaults.models;
      transcribeScript = defaults.transcribe;
      speechScript = defaults.speech;
      voicesScript = defaults.voices;
      Object.assign(concurrency, { peak: concurrency.active, rejected: 0 });
      concurrency.spans.length = 0;
    },
    close() {
      closing.abort();
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
