import { useEffect, useState, type ComponentType, type RefObject } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { loadOnce } from '../../lib/load-once';

interface ChatHistoryProps {
  scrollRootRef: RefObject<HTMLElement | null>;
}

/** After a failed fetch (the network dropped), how long before the history is asked for again. */
const RETRY_DELAY_MS = 5000;

/**
 * The history's code (grouping, entries, their menus, renaming) and stylesheet, fetched once.
 * A failed fetch is forgotten, so the next call tries again.
 */
const loadChatHistory = loadOnce<ComponentType<ChatHistoryProps>>(withChunkStyles('chat-history', () => import('./chat-history').then((module) => module.ChatHistory)));

/**
 * The sidebar's chat history, fetched just after the first paint rather than with it (issue 12:
 * the first screen is the shell and the composer; the list streams in, as it does while the store
 * loads). Until it is here the history area stays empty and busy.
 */
export function LazyChatHistory(props: ChatHistoryProps) {
  const [History, setHistory] = useState(loadChatHistory.loaded);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (History) return undefined;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadChatHistory().then(
      (component) => live && setHistory(() => component),
      () => {
        if (live) retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_DELAY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [History, attempt]);
  return History ? <History {...props} /> : <div className="chat-history" aria-busy="true" />;
}

/** Fetches the history's code now (tests): the next render shows it at once. */
LazyChatHistory.preload = (): Promise<void> => loadChatHistory().then(() => undefined);
