// A message box's microphone (issue 39): press to dictate (it stops when you pause, or press again);
// the words go into the draft. Pressed, it is a Stop button; while the words are written down it waits.
import { Button } from '../../../ui/button';
import { registerMessages, t } from '../../../i18n';
import { voice } from '../../../i18n/en/voice';
import './mic-button.css';

// Voice's strings come with the message boxes that offer it.
registerMessages(voice);
import { useEffect, useRef } from 'react';
import { dictationLevel, finishDictation, startDictation, useDictation } from './dictation-store';

export const MIC_ICON = 'lucide:mic';
export const MIC_STOP_ICON = 'lucide:square';

export interface MicButtonProps {
  /** The box it dictates into (its draft key): one box dictates at a time. */
  owner: string;
  onText(text: string): void;
}

export function MicButton({ owner, onText }: MicButtonProps) {
  const dictation = useDictation();
  const state = dictation.owner === owner ? dictation.status : 'idle';
  const listening = state === 'starting' || state === 'recording';
  const ref = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  // How loud the microphone hears you, as the ring's width (CSS draws it): you see it is listening to you.
  useEffect(() => {
    if (state !== 'recording') return undefined;
    let frame = requestAnimationFrame(function meter() {
      ref.current?.style.setProperty('--mic-level', dictationLevel().toFixed(2));
      frame = requestAnimationFrame(meter);
    });
    return () => cancelAnimationFrame(frame);
  }, [state]);
  return (
    <Button
      ref={ref}
      className="mic-button"
      size="md"
      variant={listening ? 'soft' : 'ghost'}
      color={listening ? 'primary' : 'neutral'}
      icon={listening ? MIC_STOP_ICON : MIC_ICON}
      label={listening ? t('voice.dictateStop') : t('voice.dictate')}
      aria-pressed={listening}
      data-dictation={state}
      loading={state === 'transcribing'}
      onClick={() => (listening ? finishDictation() : void startDictation(owner, true, onText))}
    />
  );
}
