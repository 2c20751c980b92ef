// One replication per browser (issue 25): tabs take turns holding the sync lock; the next one in line leads once the leader lets go.
import { describe, expect, it } from 'vitest';
import { leadWhenElected } from '../../../src/chat/sync/sync-leader';

/** Web Locks' exclusive mode, in memory: one holder per name, the others queued in order; an aborted wait rejects. */
function fakeLocks() {
  let held: Promise<unknown> = Promise.resolve();
  return {
    request(_name: string, { signal }: { signal: AbortSignal }, callback: () => Promise<unknown>) {
      const turn = held.then(() => (signal.aborted ? undefined : callback()));
      held = turn.catch(() => undefined);
      return new Promise((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        turn.then(resolve, reject);
      });
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('leadWhenElected', () => {
  it('lets one tab lead at a time; the next leads once the first lets go, and a tab that gives up waiting never leads', async () => {
    const locks = fakeLocks();
    const log: string[] = [];
    const tab = (name: string) => leadWhenElected(async () => (log.push(`${name} leads`), async () => void log.push(`${name} stops`)), locks);
    const first = tab('first');
    const second = tab('second');
    const third = tab('third');
    await tick();
    expect(log).toEqual(['first leads']);
    await third.release();
    await first.release();
    await tick();
    expect(log).toEqual(['first leads', 'first stops', 'second leads']);
    await second.release();
    expect(log).toEqual(['first leads', 'first stops', 'second leads', 'second stops']);
  });

  it('leads at once without Web Locks', async () => {
    const log: string[] = [];
    const only = leadWhenElected(async () => (log.push('leads'), async () => void log.push('stops')), undefined);
    await tick();
    expect(log).toEqual(['leads']);
    await only.release();
    expect(log).toEqual(['leads', 'stops']);
  });
});
