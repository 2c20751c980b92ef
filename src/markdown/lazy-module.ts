/** Loads a module on first use, once; the loader can be replaced (tests spy on it). */
export interface LazyModule<M> {
  /** The module if it has loaded, else null. */
  current(): M | null;
  /** Loads the module (the first call starts the import; later calls share it). */
  load(): Promise<M>;
  /** Replaces how the module is loaded; null restores the real import. Forgets what was loaded. */
  setLoader(loader: (() => Promise<M>) | null): void;
}

export function lazyModule<M>(importModule: () => Promise<M>): LazyModule<M> {
  let loader = importModule;
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  /** Bumped by setLoader: a load started with an older loader must not install its module. */
  let generation = 0;
  return {
    current: () => loaded,
    load() {
      if (!pending) {
        const startedIn = generation;
        pending = loader().then(
          (module) => {
            if (startedIn === generation) loaded = module;
            return module;
          },
          (error: unknown) => {
            // A failed chunk download may succeed later (the network came back): allow a retry.
            if (startedIn === generation) pending = null;
            throw error;
          },
        );
      }
      return pending;
    },
    setLoader(next) {
      loader = next ?? importModule;
      loaded = null;
      pending = null;
      generation += 1;
    },
  };
}
