// The EventEmitter PouchDB gets in the browser (build.mjs aliases 'events' to it): Node's behaviour where PouchDB depends on it.
import { describe, expect, it } from 'vitest';
import { EventEmitter } from '../../src/lib/event-emitter';

describe('EventEmitter (for PouchDB)', () => {
  it('calls listeners in order, once-listeners once, and tells newListener and removeListener', () => {
    const emitter = new EventEmitter();
    const seen: string[] = [];
    emitter.on('newListener', (type: string) => seen.push(`new ${type}`));
    emitter.on('removeListener', (type: string) => seen.push(`removed ${type}`));
    const listener = (value: number) => seen.push(`on ${value}`);
    emitter.on('change', listener);
    emitter.once('change', (value: number) => seen.push(`once ${value}`));
    expect(emitter.listenerCount('change')).toBe(2);
    emitter.emit('change', 1);
    emitter.emit('change', 2);
    emitter.removeListener('change', listener);
    expect(EventEmitter.listenerCount(emitter, 'change')).toBe(0);
    expect(seen).toEqual(['new removeListener', 'new change', 'new change', 'on 1', 'removed change', 'once 1', 'on 2', 'removed change']);
  });

  it('throws an error nobody listens for', () => {
    expect(() => new EventEmitter().emit('error', new Error('boom'))).toThrow('boom');
  });

  it('works on objects built without its constructor, and its methods are enumerable (PouchDB copies them)', () => {
    const bare = Object.create(EventEmitter.prototype) as EventEmitter;
    let count = 0;
    bare.on('x', () => (count += 1));
    bare.emit('x');
    expect(count).toBe(1);
    expect(Object.keys(EventEmitter.prototype)).toEqual(expect.arrayContaining(['on', 'once', 'emit', 'removeListener', 'removeAllListeners', 'listeners']));
  });
});
