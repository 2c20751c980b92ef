// The runtimes of JSX and Mermaid previews (issue 36, docs/sandbox.md): files of Parley's build,
// fetched by the app (a client of the service worker, which keeps each on its first use, so it works
// offline afterwards) and handed to the sandbox over the port. The sandbox itself fetches nothing.
import { MAX_RUNTIME_CHARS, type RuntimeName } from '../../lib/sandbox-wire';

/** Set by build.mjs: each runtime's file, relative to the page's <base>, as JSON (absent in unit tests). */
declare const __PARLEY_SANDBOX_RUNTIMES__: string | undefined;

/** Fetched once per page: a runtime is megabytes of code, and every preview's frame needs it again. */
const loading = new Map<RuntimeName, Promise<string>>();

async function fetchRuntime(name: RuntimeName): Promise<string> {
  const files: Partial<Record<RuntimeName, string>> = typeof __PARLEY_SANDBOX_RUNTIMES__ === 'string' ? JSON.parse(__PARLEY_SANDBOX_RUNTIMES__) : {};
  const file = files[name];
  if (!file) throw new Error(`this build has no ${name} runtime`);
  const response = await fetch(new URL(file, document.baseURI));
  if (!response.ok) throw new Error(`the ${name} runtime answered ${response.status}`);
  const code = await response.text();
  if (code.length > MAX_RUNTIME_CHARS) throw new Error(`the ${name} runtime is too large`);
  return code;
}

/** The runtime's code; a failure (offline before its first use) is forgotten, so the next preview tries again. */
export function loadRuntime(name: RuntimeName): Promise<string> {
  let code = loading.get(name);
  if (!code) {
    code = fetchRuntime(name);
    loading.set(name, code);
    code.catch(() => loading.delete(name));
  }
  return code;
}
