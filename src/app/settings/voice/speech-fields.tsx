// Settings → Voice: how replies are spoken: the browser's voice (each says whether it is a network
// voice), the speed (a slider with its value shown), and Try it, which says a sample sentence
// through the chosen engine, with Stop.
import { useEffect, useId, useRef, useState } from 'react';
import { browserVoices, MAX_SPEED, MIN_SPEED, type BrowserVoice, type SpeechEngine } from '../../../chat/voice';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';

/** The browser's voices, again when it loads them (Chrome lists none until `voiceschanged`). */
export function useBrowserVoices(read: () => BrowserVoice[] = browserVoices): BrowserVoice[] {
  const [voices, setVoices] = useState(read);
  useEffect(() => {
    const synthesis = globalThis.speechSynthesis as SpeechSynthesis | undefined;
    if (!synthesis?.addEventListener) return;
    const update = () => setVoices(read());
    synthesis.addEventListener('voiceschanged', update);
    update();
    return () => synthesis.removeEventListener('voiceschanged', update);
  }, [read]);
  return voices;
}

export interface BrowserVoiceFieldProps {
  voices: readonly BrowserVoice[];
  value: string;
  onChange(voice: string): void;
}

export function BrowserVoiceField({ voices, value, onChange }: BrowserVoiceFieldProps) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={`${id}voice`}>{t('voiceSettings.voice')}</label>
      <select id={`${id}voice`} className="settings-input" value={voices.some((voice) => voice.id === value) ? value : ''} aria-describedby={voices.length ? undefined : `${id}none`} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('voiceSettings.voice.browserDefault')}</option>
        {voices.map((voice) => (
          <option key={voice.id} value={voice.id}>
            {t(voice.local ? 'voiceSettings.voice.local' : 'voiceSettings.voice.network', { name: voice.name, language: voice.language })}
          </option>
        ))}
      </select>
      {voices.length === 0 && (
        <p id={`${id}none`} className="settings-hint">
          {t('voiceSettings.voice.none')}
        </p>
      )}
    </div>
  );
}

/** "1.25" for 1.25, "1" for 1: the speed as people write it. */
const speedText = (speed: number) => String(Math.round(speed * 100) / 100);

export interface SpeedFieldProps {
  value: number;
  onChange(speed: number): void;
}

/** A native range: arrows, Page Up/Down, Home and End move it; the value shows beside it and is its aria-valuetext. */
export function SpeedField({ value, onChange }: SpeedFieldProps) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={`${id}speed`}>{t('voiceSettings.speed')}</label>
      <div className="voice-range">
        <input
          id={`${id}speed`}
          type="range"
          min={MIN_SPEED}
          max={MAX_SPEED}
          step={0.05}
          value={value}
          aria-valuetext={t('voiceSettings.speed.text', { speed: speedText(value) })}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={`${id}speed`} className="voice-range__value">
          {t('voiceSettings.speed.value', { speed: speedText(value) })}
        </output>
      </div>
    </div>
  );
}

export interface TrySpeechProps {
  engine: SpeechEngine | undefined;
  voice: string;
  speed: number;
  language: string;
}

type Trial = { state: 'idle' } | { state: 'speaking' } | { state: 'said' } | { state: 'failed'; reason: string };

/** Try it: the sample through the chosen engine, as replies will sound; Stop ends it. */
export function TrySpeech({ engine, voice, speed, language }: TrySpeechProps) {
  const [trial, setTrial] = useState<Trial>({ state: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  const stopRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const tryRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // The button that replaces the pressed one takes focus: Stop while speaking, Try it after.
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    (trial.state === 'speaking' ? stopRef : tryRef).current?.focus();
  }, [trial.state]);
  const start = async () => {
    if (!engine) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    focusNext.current = true;
    setTrial({ state: 'speaking' });
    try {
      await engine.say(t('voiceSettings.sample'), { voice: voice || undefined, speed, language: language || undefined, signal: controller.signal }).done;
      if (running.current === controller) {
        focusNext.current = true;
        setTrial({ state: 'said' });
      }
    } catch (error) {
      if (running.current === controller) {
        focusNext.current = true;
        setTrial({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  const stop = () => {
    running.current?.abort();
    running.current = undefined;
    focusNext.current = true;
    setTrial({ state: 'idle' });
  };
  const available = engine?.availability().available === true;
  return (
    <div className="voice-try" data-state={trial.state}>
      {trial.state === 'speaking' ? (
        <Button ref={stopRef} size="sm" variant="outline" color="neutral" icon="lucide:square" onClick={stop}>
          {t('voiceSettings.stop')}
        </Button>
      ) : (
        <Button ref={tryRef} size="sm" variant="outline" color="neutral" icon="lucide:volume-2" disabled={!available} onClick={() => void start()}>
          {t('voiceSettings.try')}
        </Button>
      )}
      <p role="status" className={trial.state === 'failed' ? 'settings-error' : 'settings-hint'}>
        {trial.state === 'speaking' ? t('voiceSettings.trying') : trial.state === 'said' ? t('voiceSettings.tried') : trial.state === 'failed' ? t('voiceSettings.tryFailed', { reason: trial.reason }) : ''}
      </p>
    </div>
  );
}
