// Read aloud's controls while a reply is read (issue 39): Pause/Resume, Stop, the speed; a failure
// said near them, by kind, with the reply untouched. Loaded with the first press.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { t, type MessageKey } from '../../../../i18n';
import { Button } from '../../../../ui/button';
import { Menu } from '../../../../ui/menu';
import { readAloud as readAloudStrings } from '../../../../i18n/en/read-aloud';
import { getReader, pauseReading, READ_ALOUD_SPEEDS, resumeReading, setReadingSpeed, stopReading, subscribeReader, type ReaderState } from './reader-store';

export const PAUSE_ICON = 'lucide:pause';
export const RESUME_ICON = 'lucide:play';
export const STOP_ICON = 'lucide:square';
export const SPEED_ICON = 'lucide:gauge';
export const CURRENT_SPEED_ICON = 'lucide:check';

/** A failure's words: its kind's, or the general one for a kind without its own. */
export function errorText(kind: string | undefined): string {
  const key = `readAloud.error.${kind}`;
  return t((key in readAloudStrings ? key : 'readAloud.error.unknown') as MessageKey);
}

const speedLabel = (speed: number) => t('readAloud.speedOption', { speed: String(speed) });

export function ReadAloudControls({ state, announce }: { state: ReaderState; announce(text: string): void }) {
  const speed = useSyncExternalStore(subscribeReader, () => getReader().speed);
  const errorKind = useSyncExternalStore(subscribeReader, () => getReader().errorKind);
  const main = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const reading = state === 'speaking' || state === 'paused';
  useEffect(() => {
    // Read aloud (pressed, so focused) made way for Pause: focus follows to the next action.
    if (reading && (!document.activeElement || document.activeElement === document.body)) main.current?.focus();
  }, [reading]);
  useEffect(() => {
    // Said once through the page's status line; the words stay beside the control.
    if (state === 'error') announce(errorText(errorKind));
  }, [state, errorKind, announce]);
  const common = { size: 'sm', variant: 'ghost', color: 'neutral' } as const;
  if (state === 'error') {
    return (
      <p className="read-aloud__error" data-kind={errorKind}>
        {errorText(errorKind)}
      </p>
    );
  }
  return (
    <>
      {reading && (
        <Button
          {...common}
          ref={main}
          icon={state === 'paused' ? RESUME_ICON : PAUSE_ICON}
          label={state === 'paused' ? t('readAloud.resume') : t('readAloud.pause')}
          onClick={state === 'paused' ? resumeReading : pauseReading}
        />
      )}
      <Button {...common} icon={STOP_ICON} label={t('readAloud.stop')} onClick={stopReading} />
      {reading && (
        <Menu
          {...common}
          icon={SPEED_ICON}
          label={t('readAloud.speed', { speed: speedLabel(speed) })}
          items={READ_ALOUD_SPEEDS.map((option) => ({
            id: String(option),
            label: speedLabel(option),
            icon: option === speed ? CURRENT_SPEED_ICON : undefined,
            onSelect: () => setReadingSpeed(option),
          }))}
        />
      )}
    </>
  );
}
