// A reply's Read aloud (issue 39), in its footer from its first token on: a reply is read while it
// still streams, and the actions only appear once it ends. In the chat page's chunk only this button
// and the player's store; the reading loop, the engines and the controls load with the first press.
import { Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { t, type MessageKey } from '../../chat-text';
import { Button } from '../../../../ui/button';
import { lazyPart } from '../../../../ui/lazy-part';
import { getReader, loadReadAloud, startReading, subscribeReader, type ReaderState } from './reader-store';

export const READ_ALOUD_ICON = 'lucide:volume-2';

const Controls = lazyPart(() => loadReadAloud().then((lazy) => ({ default: lazy.ReadAloudControls })));

/** What the page's status line says as a reading changes (politely: the state, never the sentences). */
const SAID: Partial<Record<ReaderState, MessageKey>> = {
  speaking: 'readAloud.state.speaking',
  paused: 'readAloud.state.paused',
  idle: 'readAloud.state.idle',
};

/** This message's reading state: idle unless the app's one reader reads it. */
export function useReadingState(messageId: string): ReaderState {
  return useSyncExternalStore(subscribeReader, () => {
    const reader = getReader();
    return reader.messageId === messageId ? reader.state : 'idle';
  });
}

export interface ReadAloudProps {
  chatId: string;
  messageId: string;
  /** The page's polite status line. */
  announce(text: string): void;
}

export function ReadAloud({ chatId, messageId, announce }: ReadAloudProps) {
  const state = useReadingState(messageId);
  const start = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (before === state) return;
    const said = SAID[state];
    // Loading then idle is a failed load or a Stop before the first word: nothing was read to end.
    if (said && !(state === 'idle' && before === 'loading')) announce(t(said));
    // The control that had focus went with the state (Pause, Stop): Read aloud takes it back.
    if (state === 'idle' && (!document.activeElement || document.activeElement === document.body)) start.current?.focus();
  }, [state, announce]);
  const startShown = state === 'idle' || state === 'loading' || state === 'error';
  return (
    <div className="read-aloud" data-state={state} role={state === 'idle' ? undefined : 'group'} aria-label={state === 'idle' ? undefined : t('chat.message.readAloud')}>
      {startShown && (
        <Button
          ref={start}
          size="sm"
          variant="ghost"
          color="neutral"
          icon={READ_ALOUD_ICON}
          label={t('chat.message.readAloud')}
          // Pressed again while it loads: it is already on its way.
          onClick={() => state !== 'loading' && startReading(chatId, messageId)}
        />
      )}
      {state !== 'idle' && (
        <Suspense fallback={null}>
          <Controls state={state} announce={announce} />
        </Suspense>
      )}
    </div>
  );
}
