import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../ui/lazy-part';
import { whenIdle } from '../lib/when-idle';

/** The store's events as toasts (chat-errors.ts), mounted once the first screen is up. */
const ChatErrorToasts = lazyPart(() => import('./chat-errors'));

/**
 * Listens for the chat store's events from when the page is idle rather than from the first
 * render: a healthy start raises none, and the store keeps the events that come before anyone
 * listens (store-events.ts) and hands them to the first listener, so none is lost.
 */
export function DeferredChatErrorToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ChatErrorToasts />
    </Suspense>
  ) : null;
}
