// The page's side of the service worker (issue 26), loaded after the first screen is up
// (after-first-screen.ts, while idle): registers it, hands it the files the page loaded before
// it was in control, and watches for a newer version to announce.
import { announceUpdate } from './update-announcement';
import { SERVICE_WORKER_FILE, type WorkerMessage } from './offline-protocol';

/** How often an open page asks the server for a newer version (the browser also checks on every navigation). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  // Service workers need a secure context (https, or localhost / 127.0.0.1 while developing).
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const container = navigator.serviceWorker;
  const base = new URL('./', document.baseURI);
  // updateViaCache 'none': the worker's file is always asked of the server, whatever it sends as Cache-Control.
  const registration = await container.register(new URL(SERVICE_WORKER_FILE, base), { scope: base.pathname, updateViaCache: 'none' });
  watchForUpdates(registration);
  const ready = await container.ready;
  handUsedFiles(ready);
  // Called while idle (after-first-screen.ts): the worker may fetch the app's lazy parts now.
  ready.active?.postMessage({ type: 'warm' } satisfies WorkerMessage);
}

/**
 * The files this page loaded before the worker was in control (the first visit's boot script,
 * home page, dialogs…) and any it loads later: the worker keeps those it does not have yet.
 */
function handUsedFiles(registration: ServiceWorkerRegistration): void {
  const scope = registration.scope;
  const post = (entries: readonly PerformanceEntry[]) => {
    const urls = entries.map((entry) => entry.name).filter((url) => url.startsWith(scope));
    if (urls.length > 0) registration.active?.postMessage({ type: 'keep-used', urls } satisfies WorkerMessage);
  };
  if (typeof PerformanceObserver !== 'function') return post(performance.getEntriesByType('resource'));
  new PerformanceObserver((list) => post(list.getEntries())).observe({ type: 'resource', buffered: true });
}

/**
 * A newer worker that has installed waits (never swapped in under the open page): the user
 * hears of it and reloads when ready. The very first install is no update (nothing controls the page yet).
 */
function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const container = navigator.serviceWorker;
  const offer = (waiting: ServiceWorker) => {
    if (container.controller) announceUpdate(() => takeOver(waiting));
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  const check = () => void registration.update().catch(() => {});
  setInterval(check, UPDATE_CHECK_MS);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** The waiting version takes over, and the page reloads into it once it has. */
function takeOver(waiting: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'take-over' } satisfies WorkerMessage);
}
