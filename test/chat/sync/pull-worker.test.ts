// @vitest-environment node
// The pull in its worker (pull-host.ts behind worker-pull.ts): a second device's first sync and its
// live changes arrive through messages, structured-cloned across a real MessageChannel as between
// the page and a worker; a batch travels in parts and is taken whole; a worker that fails gives way
// to the pull on the page; stopping ends the worker.
import PouchDB from 'pouchdb-core';
import memoryAdapter from 'pouchdb-adapter-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { createPullHost } from '../../../src/chat/sync/pull-host';
import type { PageToPull, PullEvent } from '../../../src/chat/sync/pull-protocol';
import { DOCS_PER_MESSAGE } from '../../../src/chat/sync/pull-protocol';
import type { PullWorkerLike } from '../../../src/chat/sync/worker-pull';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

PouchDB.plugin(memoryAdapter);

interface ChannelWorker {
  start: () => PullWorkerLike;
  /** What the worker side sent, in order (types only). */
  sent: string[];
  /** Documents in each `docs` and `change` message. */
  sizes: number[];
  received: PageToPull['type'][];
  terminated: () => boolean;
}

/** A worker as the page sees one: the pull host on the other end of a MessageChannel (messages are structured-cloned). */
function channelWorker(): ChannelWorker {
  const sent: string[] = [];
  const sizes: number[] = [];
  const received: PageToPull['type'][] = [];
  let terminated = false;
  const start = (): PullWorkerLike => {
    const { port1, port2 } = new MessageChannel();
    const post = (event: PullEvent) => {
      sent.push(event.type);
      if (event.type === 'docs' || event.type === 'change') sizes.push(event.docs.length);
      port2.postMessage(event);
    };
    const host = createPullHost({ openReplica: async (name) => new PouchDB(name, { adapter: 'memory' }), post });
    port2.onmessage = (event: MessageEvent<PageToPull>) => {
      received.push(event.data.type);
      host.receive(event.data);
    };
    post({ type: 'ready' });
    return {
      postMessage: (value) => port1.postMessage(value),
      set onmessage(listener: ((event: { data: PullEvent }) => void) | null) {
        port1.onmessage = listener as (event: MessageEvent) => void;
      },
      get onmessage() {
        return port1.onmessage as ((event: { data: PullEvent }) => void) | null;
      },
      onerror: null,
      terminate() {
        terminated = true;
        port1.close();
        port2.close();
      },
    };
  };
  return { start, sent, sizes, received, terminated: () => terminated };
}

describe('the pull in a worker', () => {
  let couch: CouchServer | undefined;
  const devices: Device[] = [];
  afterEach(async () => {
    for (const one of devices.splice(0)) await one.handle?.stop();
    await couch?.close();
    couch = undefined;
  });

  const options = () => ({ url: couch!.url, db: 'parley', auth: { kind: 'none' } as const });

  it('brings a first sync in parts of a batch, taken whole, then the other device’s live changes; stopping ends the worker', async () => {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const a = await device(options(), false);
    devices.push(a);
    // More documents than one message carries: 3 chats of 150 messages (453 documents, one batch).
    const chats = [chat({ title: 'First' }), chat({ title: 'Second' }), chat({ title: 'Third' })];
    for (const one of chats) {
      await a.persistence.createChat(one, Array.from({ length: 150 }, (_, index) => message(one.id, { content: `${one.title} ${index}` })));
    }
    await a.start();
    await eventually(() => expect(a.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);

    const worker = channelWorker();
    const b = await device({ ...options(), pullWorker: worker.start }, false);
    devices.push(b);
    await b.start();
    await eventually(async () => {
      expect((await b.persistence.listChats()).map((row) => row.title).sort()).toEqual(['First', 'Second', 'Third']);
      for (const one of chats) expect(await b.persistence.listMessages(one.id)).toHaveLength(150);
    }, 20_000);
    expect(worker.received[0]).toBe('start');
    // The batch came in parts of at most DOCS_PER_MESSAGE, its last part with the `change`.
    expect(worker.sent).toContain('docs');
    expect(Math.max(...worker.sizes)).toBeLessThanOrEqual(DOCS_PER_MESSAGE);
    expect(worker.sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThanOrEqual(453);

    // Live: a message written on A comes through the worker's pull into B's storage.
    const later = message(chats[0]!.id, { content: 'Written after the first sync' });
    await a.persistence.putMessage(later);
    await a.handle.exportChat(chats[0]!.id);
    await eventually(async () => expect((await b.persistence.listMessages(chats[0]!.id)).map((row) => row.content)).toContain('Written after the first sync'), 20_000);

    await b.handle.stop();
    expect(worker.received).toContain('cancel');
    expect(worker.sent.at(-1)).toBe('complete');
    expect(worker.terminated()).toBe(true);
  }, 60_000);

  /** A server holding one chat, synced there by a first device. */
  async function serverWithChat(title: string) {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const a = await device(options(), false);
    devices.push(a);
    const only = chat({ title });
    await a.persistence.createChat(only, [message(only.id)]);
    await a.start();
    await eventually(() => expect(a.statuses.at(-1)).toEqual({ state: 'synced' }), 20_000);
    return only;
  }

  it('a worker that cannot start gives way to the pull on the page', async () => {
    const only = await serverWithChat('Pulled on the page');

    let tried = 0;
    const b = await device({
      ...options(),
      pullWorker: () => {
        tried += 1;
        throw new Error('no worker here');
      },
    });
    devices.push(b);
    await eventually(async () => expect((await b.persistence.getChat(only.id))?.title).toBe('Pulled on the page'), 20_000);
    expect(tried).toBe(1);
  }, 60_000);

  it('a worker whose script fails to load gives way to the pull on the page', async () => {
    const only = await serverWithChat('Pulled after the error');

    let terminated = false;
    const broken: PullWorkerLike = {
      postMessage: () => setTimeout(() => broken.onerror?.(new Event('error'))),
      onmessage: null,
      onerror: null,
      terminate: () => void (terminated = true),
    };
    const b = await device({ ...options(), pullWorker: () => broken });
    devices.push(b);
    await eventually(async () => expect((await b.persistence.getChat(only.id))?.title).toBe('Pulled after the error'), 20_000);
    expect(terminated).toBe(true);
  }, 60_000);
});
