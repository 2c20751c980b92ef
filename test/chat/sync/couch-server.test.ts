// @vitest-environment node
// The CouchDB-protocol test server's switches, each proved with plain fetch.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer, type CouchServerOptions } from '../../support/couch-server/index.mjs';

let server: CouchServer | undefined;
const start = async (options?: CouchServerOptions) => (server = await startCouchServer(options));
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
const ORIGIN = 'http://localhost:4173';

describe('couch test server', () => {
  it('serves the CouchDB API: a database is created, a document stored and read back', async () => {
    const couch = await start();
    expect((await fetch(`${couch.url}/parley`)).status).toBe(404);
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT' })).status).toBe(201);
    const put = await fetch(`${couch.url}/parley/chat:1`, { method: 'PUT', body: JSON.stringify({ title: 'Hello' }), headers: { 'Content-Type': 'application/json' } });
    expect(put.status).toBe(201);
    expect(await (await fetch(`${couch.url}/parley/chat:1`)).json()).toMatchObject({ _id: 'chat:1', title: 'Hello' });
  });

  it('basic auth: no or wrong credentials get 401, the right ones get in', async () => {
    const couch = await start({ auth: 'basic', user: 'ann', password: 'secret' });
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT' })).status).toBe(401);
    const wrong = await fetch(`${couch.url}/parley`, { method: 'PUT', headers: basic('ann', 'nope') });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBeNull();
    expect(await wrong.json()).toMatchObject({ error: 'unauthorized' });
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT', headers: basic('ann', 'secret') })).status).toBe(201);
  });

  it('session auth: POST /_session sets the AuthSession cookie that opens the database', async () => {
    const couch = await start({ auth: 'session', user: 'ann', password: 'secret' });
    const refused = await fetch(`${couch.url}/_session`, { method: 'POST', body: JSON.stringify({ name: 'ann', password: 'x' }), headers: { 'Content-Type': 'application/json' } });
    expect(refused.status).toBe(401);
    const login = await fetch(`${couch.url}/_session`, { method: 'POST', body: 'name=ann&password=secret', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^AuthSession=\w+$/);
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT' })).status).toBe(401);
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT', headers: basic('ann', 'secret') })).status).toBe(401);
    expect((await fetch(`${couch.url}/parley`, { method: 'PUT', headers: { Cookie: cookie } })).status).toBe(201);
    expect(await (await fetch(`${couch.url}/_session`, { headers: { Cookie: cookie } })).json()).toMatchObject({ userCtx: { name: 'ann' } });
  });

  it('CORS on: the origin is echoed with credentials and preflights are answered', async () => {
    const couch = await start({ cors: { origins: [ORIGIN], credentials: true } });
    const get = await fetch(`${couch.url}/`, { headers: { Origin: ORIGIN } });
    expect(get.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(get.headers.get('access-control-allow-credentials')).toBe('true');
    const preflight = await fetch(`${couch.url}/parley`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await fetch(`${couch.url}/`, { headers: { Origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('CORS off: no CORS header on any answer, and preflights fail', async () => {
    const couch = await start({ cors: false });
    const get = await fetch(`${couch.url}/`, { headers: { Origin: ORIGIN } });
    expect(get.status).toBe(200);
    expect([...get.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await fetch(`${couch.url}/parley`, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'PUT' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.ok).toBe(false);
  });

  it('no right to create: PUT /{db} is refused, a database an admin made is usable', async () => {
    const couch = await start({ allowCreate: false });
    const put = await fetch(`${couch.url}/parley`, { method: 'PUT' });
    expect(put.status).toBe(401);
    expect(await put.json()).toMatchObject({ reason: 'You are not a server admin.' });
    await couch.createDb('parley');
    expect((await fetch(`${couch.url}/parley`)).status).toBe(200);
  });

  it('stop and restart: the same port, refused while stopped, the data kept', async () => {
    const couch = await start();
    await fetch(`${couch.url}/parley`, { method: 'PUT' });
    await fetch(`${couch.url}/parley/doc`, { method: 'PUT', body: '{"n":1}', headers: { 'Content-Type': 'application/json' } });
    const { url } = couch;
    await couch.stop();
    await expect(fetch(`${url}/parley/doc`)).rejects.toThrow();
    await couch.restart();
    expect(couch.url).toBe(url);
    expect(await (await fetch(`${url}/parley/doc`)).json()).toMatchObject({ n: 1 });
    expect((await couch.rawDocs('parley')).map((doc) => doc._id)).toEqual(['doc']);
  });
});
