// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bindKey, keyMoveNeedsConsent, storable, toOpenAiConnection, type Connection } from '../../../src/chat/connections';
import { makeConnectionsStore } from './connections-harness';

const A = 'http://a/v1';
const B = 'http://b/v1';

describe('bindKey: a key goes only to the address it was confirmed for', () => {
  it.each([
    ['no key', {}, { apiKey: undefined, keyChanged: false, baseUrl: A, pending: false, keepKey: false }, {}],
    ['a new key on a confirmed address binds to it', {}, { apiKey: 'k', keyChanged: true, baseUrl: A, pending: false, keepKey: false }, { apiKey: 'k', apiKeyUrl: A }],
    ['a new key on a pending address stays unbound', {}, { apiKey: 'k', keyChanged: true, baseUrl: A, pending: true, keepKey: false }, { apiKey: 'k' }],
    ['an unbound key binds when its address is confirmed', { apiKey: 'k' }, { apiKey: 'k', keyChanged: false, baseUrl: A, pending: false, keepKey: false }, { apiKey: 'k', apiKeyUrl: A }],
    ['a bound key stays on its address', { apiKey: 'k', apiKeyUrl: A }, { apiKey: 'k', keyChanged: false, baseUrl: A, pending: false, keepKey: false }, { apiKey: 'k', apiKeyUrl: A }],
    ['a bound key is dropped on a new address unless kept', { apiKey: 'k', apiKeyUrl: A }, { apiKey: 'k', keyChanged: false, baseUrl: B, pending: false, keepKey: false }, {}],
    ['a bound key moves when the user keeps it', { apiKey: 'k', apiKeyUrl: A }, { apiKey: 'k', keyChanged: false, baseUrl: B, pending: false, keepKey: true }, { apiKey: 'k', apiKeyUrl: B }],
    ['a bound key waits, unsent, while the new address is pending', { apiKey: 'k', apiKeyUrl: A }, { apiKey: 'k', keyChanged: false, baseUrl: B, pending: true, keepKey: false }, { apiKey: 'k', apiKeyUrl: A }],
  ])('%s', (_label, current, next, expected) => {
    expect(bindKey(current, next)).toEqual(expected);
  });

  it('asks before a bound key moves, not for a key typed anew or never bound', () => {
    expect(keyMoveNeedsConsent({ apiKey: 'k', apiKeyUrl: A }, B, 'k')).toBe(true);
    expect(keyMoveNeedsConsent({ apiKey: 'k', apiKeyUrl: A }, A, 'k')).toBe(false);
    expect(keyMoveNeedsConsent({ apiKey: 'k', apiKeyUrl: A }, B, 'other')).toBe(false);
    expect(keyMoveNeedsConsent({ apiKey: 'k' }, B, 'k')).toBe(false);
    expect(keyMoveNeedsConsent({}, B, '')).toBe(false);
  });

  it('sends the key only with its address, never from a pending connection', () => {
    const base: Connection = { id: 'c', name: 'C', kind: 'custom', baseUrl: A, apiKey: 'k', apiKeyUrl: A };
    expect(toOpenAiConnection(base)).toEqual({ baseUrl: A, apiKey: 'k' });
    expect(toOpenAiConnection({ ...base, baseUrl: B })).toEqual({ baseUrl: B });
    expect(toOpenAiConnection({ ...base, pending: true })).toEqual({ baseUrl: A });
    expect(toOpenAiConnection({ ...base, apiKeyUrl: undefined })).toEqual({ baseUrl: A });
  });

  it('never writes a session-only key', () => {
    const session: Connection = { id: 'c', name: 'C', kind: 'custom', baseUrl: A, apiKey: 'k', apiKeyUrl: A, keyStorage: 'session' };
    expect(storable(session)).toEqual({ id: 'c', name: 'C', kind: 'custom', baseUrl: A, keyStorage: 'session' });
    const { keyStorage: _, ...stored } = session;
    expect(storable(stored)).toBe(stored);
  });
});

describe('the connections store keeps keys where they belong', () => {
  it('asks nothing of a pending connection until its address is confirmed, then sends the key typed meanwhile', async () => {
    const harness = makeConnectionsStore();
    await harness.store.init();
    const added = harness.store.add({ name: 'X', kind: 'custom', baseUrl: 'http://localhost:8000/v1', pending: true });
    if (!added.ok) throw new Error('not added');
    const id = added.connection.id;
    harness.store.update(id, { apiKey: 'sk' });
    expect(await harness.store.refreshModels(id)).toBeUndefined();
    expect(harness.calls).toEqual([]);
    harness.store.update(id, { baseUrl: B, confirmed: true });
    void harness.store.refreshModels(id);
    expect(harness.calls.map((call) => call.connection)).toEqual([{ baseUrl: B, apiKey: 'sk' }]);
  });

  it('drops the key when the address changes without consent, keeps it with consent, and stores no session key', async () => {
    const harness = makeConnectionsStore();
    await harness.store.init();
    const added = harness.store.add({ name: 'X', kind: 'custom', baseUrl: A, apiKey: 'sk' });
    if (!added.ok) throw new Error('not added');
    const id = added.connection.id;
    expect(harness.store.update(id, { baseUrl: B })).toMatchObject({ ok: true, connection: { baseUrl: B } });
    expect(harness.store.getSnapshot().connections[0]).not.toHaveProperty('apiKey');
    harness.store.update(id, { apiKey: 'sk2' });
    harness.store.update(id, { baseUrl: A, keepKey: true, keyStorage: 'session' });
    expect(harness.store.getSnapshot().connections[0]).toMatchObject({ baseUrl: A, apiKey: 'sk2', apiKeyUrl: A, keyStorage: 'session' });
    await harness.store.flush();
    expect(JSON.stringify(harness.settings.get('connections'))).not.toContain('sk2');
  });
});
