// A real CouchDB-protocol server for tests: express-pouchdb over PouchDB's in-memory adapter
// (pure JavaScript: no native build, nothing downloaded past the npm registry). In front of it,
// the parts of CouchDB a browser client meets and that express-pouchdb does not switch: basic
// auth or a session cookie (POST /_session), CORS on or off, and whether a missing database
// may be created. stop() and restart() keep the port and the data, for "the server went away".
//
// `flavour: 'pouchdb-server'` answers as stock PouchDB Server 4.2 (the `pouchdb-server` package:
// this same express-pouchdb over PouchDB, whose changes filters PouchDB 7 kept in its core): it
// reads no POSTed `selector`, so `filter=_selector` looks for a design document `_design/_selector`,
// answers 404, and the unhandled error then ends its process (seen with pouchdb-server 4.2.0
// --in-memory): here the server stops listening instead. Its root says `express-pouchdb`; the
// default flavour's says CouchDB 3, whose `_selector` feed it serves.
//
//   const couch = await startCouchServer({ auth: 'basic', user: 'ann', password: 'secret' });
//   couch.url                      // http://127.0.0.1:PORT
//   await couch.stop(); await couch.restart();
//   await couch.rawDocs('parley')  // every stored document, as the server keeps it
//   await couch.close();
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import changesFilter from 'pouchdb-changes-filter';

// Filtered changes feeds as CouchDB 2+ serves them (`filter=_selector`, `_doc_ids`): pouchdb-core leaves them to this plugin.
PouchDB.plugin(memoryAdapter).plugin(changesFilter);

/** Each server's databases live apart from every other's (the memory adapter shares names process-wide). */
let serverCount = 0;

/** What CouchDB answers a request it will not serve; no WWW-Authenticate, so a browser shows no login box. */
const UNAUTHORIZED = { error: 'unauthorized', reason: 'Name or password is incorrect.' };
const NOT_ADMIN = { error: 'unauthorized', reason: 'You are not a server admin.' };
/** PouchDB Server's answer to `filter=_selector`: the design document `_design/_selector` is missing. */
const MISSING = { error: 'not_found', reason: 'missing' };
/** CouchDB 3's welcome at the server's root. */
const COUCHDB_WELCOME = { couchdb: 'Welcome', version: '3.3.3', vendor: { name: 'The Apache Software Foundation' } };

/** The headers CouchDB's CORS allows and exposes (its defaults in chttpd_cors). */
const CORS_ALLOW_HEADERS = 'accept, authorization, content-type, origin, referer, x-csrf-token';
const CORS_EXPOSE_HEADERS = 'content-type, cache-control, accept-ranges, etag, server, x-couch-request-id, x-couch-update-newrev, x-couchdb-body-time';
const CORS_METHODS = 'GET, PUT, POST, HEAD, DELETE';

function corsHeaders(cors, origin) {
  if (!cors || !origin) return null;
  const allowed = cors.origins === '*' || cors.origins.includes(origin);
  if (!allowed) return null;
  const headers = {
    'Access-Control-Allow-Origin': cors.credentials || cors.origins !== '*' ? origin : '*',
    'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
  };
  if (cors.credentials) headers['Access-Control-Allow-Credentials'] = 'true';
  return headers;
}

function readCookie(header, name) {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function basicUser(header) {
  const match = /^Basic (.+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export async function startCouchServer(options = {}) {
  const settings = {
    auth: options.auth ?? 'none',
    user: options.user ?? 'parley',
    password: options.password ?? 'parley-password',
    cors: options.cors === undefined ? { origins: '*', credentials: true } : options.cors,
    allowCreate: options.allowCreate ?? true,
    flavour: options.flavour ?? 'couchdb',
  };
  const prefix = `couch-server-${++serverCount}-`;
  const MemoryPouch = PouchDB.defaults({ adapter: 'memory', prefix });
  const sessions = new Set();
  const requests = [];
  /** `filter=_selector` requests a PouchDB Server flavour refused (each one ended it). */
  let selectorRefusals = 0;

  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const entry = { method: req.method, path: req.path, status: 0, open: true };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    res.on('close', () => (entry.open = false));
    const headers = corsHeaders(settings.cors, req.headers.origin);
    if (headers) res.set(headers);
    if (req.method === 'OPTIONS') {
      if (headers) res.set({ 'Access-Control-Allow-Methods': CORS_METHODS, 'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS });
      res.status(headers ? 204 : 405).end();
      return;
    }
    next();
  });

  app.post('/_session', express.json(), express.urlencoded({ extended: false }), (req, res) => {
    const { name, password } = req.body ?? {};
    if (name !== settings.user || password !== settings.password) return res.status(401).json(UNAUTHORIZED);
    const token = randomBytes(16).toString('hex');
    sessions.add(token);
    res.set('Set-Cookie', `AuthSession=${token}; Version=1; Path=/; HttpOnly; SameSite=Lax`);
    res.json({ ok: true, name, roles: [] });
  });
  app.delete('/_session', (req, res) => {
    sessions.delete(readCookie(req.headers.cookie, 'AuthSession'));
    res.set('Set-Cookie', 'AuthSession=; Version=1; Path=/; HttpOnly; Max-Age=0');
    res.json({ ok: true });
  });

  const authenticated = (req) => {
    if (settings.auth === 'none') return true;
    if (settings.auth === 'basic') {
      const user = basicUser(req.headers.authorization);
      return user?.name === settings.user && user.password === settings.password;
    }
    return sessions.has(readCookie(req.headers.cookie, 'AuthSession'));
  };
  app.get('/_session', (req, res) => {
    const ok = settings.auth !== 'none' && authenticated(req);
    res.json({ ok: true, userCtx: { name: ok ? settings.user : null, roles: [] } });
  });

  // The welcome a client reads the server's kind from (as CouchDB 3 words it; PouchDB Server's is express-pouchdb's own).
  app.get('/', (req, res, next) => (settings.flavour === 'couchdb' ? res.json(COUCHDB_WELCOME) : next()));
  app.use((req, res, next) => {
    if (req.path === '/' || authenticated(req)) return next();
    res.status(401).json(UNAUTHORIZED);
  });
  // "No right to create it": a database PUT is an admin's, as on CouchDB with a member account.
  app.put(/^\/[^/_][^/]*\/?$/, (req, res, next) => (settings.allowCreate ? next() : res.status(401).json(NOT_ADMIN)));
  // PouchDB Server's answer to a `_selector` feed, then its death (see the top of this file).
  app.all(/^\/[^/_][^/]*\/_changes$/, (req, res, next) => {
    if (settings.flavour !== 'pouchdb-server' || req.query.filter !== '_selector') return next();
    selectorRefusals += 1;
    res.status(404).type('text/plain').send(JSON.stringify(MISSING));
    res.on('finish', () => void stop());
  });
  // express-pouchdb takes `doc_ids` from a POSTed _changes body but not CouchDB's `selector`: handed over here (PouchDB Server does not).
  app.post(/^\/[^/_][^/]*\/_changes$/, express.json({ limit: '1mb' }), (req, _res, next) => {
    if (settings.flavour === 'couchdb' && req.body?.selector) req.query.selector = req.body.selector;
    next();
  });
  app.use('/', expressPouchDB(MemoryPouch, { mode: 'minimumForPouchDB', inMemoryConfig: true }));

  let server = null;
  let port = options.port ?? 0;
  const sockets = new Set();
  async function listen() {
    server = app.listen(port, '127.0.0.1');
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await once(server, 'listening');
    port = server.address().port;
  }
  async function stop() {
    if (!server) return;
    const closing = once(server, 'close');
    server.close();
    // Live feeds (_changes?feed=longpoll) hold their sockets open: cut them, as a dead server would.
    for (const socket of sockets) socket.destroy();
    await closing;
    server = null;
  }
  await listen();

  return {
    get url() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    requests,
    settings,
    get selectorRefusals() {
      return selectorRefusals;
    },
    /** Creates a database as an admin would (also when `allowCreate` is off). */
    async createDb(name) {
      await new MemoryPouch(name).info();
    },
    /** Every document of a database as stored, deleted ones included, with conflicts. */
    async rawDocs(name) {
      const db = new MemoryPouch(name);
      const changes = await db.changes({ include_docs: true, conflicts: true, style: 'all_docs', attachments: true });
      return changes.results.map((row) => ({ ...row.doc, _deleted: row.deleted === true || row.doc?._deleted === true }));
    },
    stop,
    async restart() {
      await stop();
      await listen();
    },
    close: stop,
  };
}
