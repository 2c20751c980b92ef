/**
 * Node's EventEmitter, the part PouchDB uses (its browser build imports 'events', which a browser
 * lacks; build.mjs points 'events' here). Same semantics: 'newListener' before and 'removeListener'
 * after a change of listeners (replication relies on both), and an unheard 'error' throws.
 */
type Listener = (...args: any[]) => void;

/** Listeners by emitter, made on first use: PouchDB builds its databases without running this constructor. */
const registry = new WeakMap<object, Map<string | symbol, Listener[]>>();
const listenersOf = (emitter: object) => {
  let events = registry.get(emitter);
  if (!events) registry.set(emitter, (events = new Map()));
  return events;
};

export class EventEmitter {
  private get events() {
    return listenersOf(this);
  }

  static listenerCount(emitter: EventEmitter, type: string | symbol): number {
    return emitter.listenerCount(type);
  }

  on(type: string | symbol, listener: Listener): this {
    if (this.events.has('newListener')) this.emit('newListener', type, listener);
    this.events.set(type, [...(this.events.get(type) ?? []), listener]);
    return this;
  }

  addListener(type: string | symbol, listener: Listener): this {
    return this.on(type, listener);
  }

  once(type: string | symbol, listener: Listener): this {
    const wrapped: Listener & { listener?: Listener } = (...args) => {
      this.removeListener(type, wrapped);
      listener.apply(this, args);
    };
    wrapped.listener = listener;
    return this.on(type, wrapped);
  }

  removeListener(type: string | symbol, listener: Listener): this {
    const list = this.events.get(type);
    if (!list) return this;
    const index = list.findIndex((entry) => entry === listener || (entry as { listener?: Listener }).listener === listener);
    if (index < 0) return this;
    const next = [...list.slice(0, index), ...list.slice(index + 1)];
    if (next.length > 0) this.events.set(type, next);
    else this.events.delete(type);
    if (this.events.has('removeListener')) this.emit('removeListener', type, listener);
    return this;
  }

  off(type: string | symbol, listener: Listener): this {
    return this.removeListener(type, listener);
  }

  removeAllListeners(type?: string | symbol): this {
    const types = type === undefined ? [...this.events.keys()].filter((name) => name !== 'removeListener') : [type];
    for (const name of types) for (const listener of [...(this.events.get(name) ?? [])].reverse()) this.removeListener(name, listener);
    if (type === undefined) this.events.clear();
    return this;
  }

  emit(type: string | symbol, ...args: unknown[]): boolean {
    const list = this.events.get(type);
    if (!list || list.length === 0) {
      if (type === 'error') throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error: ${String(args[0])}`);
      return false;
    }
    for (const listener of [...list]) listener.apply(this, args);
    return true;
  }

  listeners(type: string | symbol): Listener[] {
    return (this.events.get(type) ?? []).map((entry) => (entry as { listener?: Listener }).listener ?? entry);
  }

  listenerCount(type: string | symbol): number {
    return this.events.get(type)?.length ?? 0;
  }

  setMaxListeners(): this {
    return this;
  }

  getMaxListeners(): number {
    return Infinity;
  }
}

// Enumerable like Node's: PouchDB copies `Object.keys(EventEmitter.prototype)` onto its constructor.
for (const key of Object.getOwnPropertyNames(EventEmitter.prototype)) {
  if (key !== 'constructor' && typeof Object.getOwnPropertyDescriptor(EventEmitter.prototype, key)?.value === 'function') Object.defineProperty(EventEmitter.prototype, key, { enumerable: true });
}

export default EventEmitter;
