/**
 * Settings → Voice (issue 39), this device's: the engine that listens (speech to text) and the one
 * that speaks (text to speech), each labelled with what leaves the device, the server's connection,
 * model and voice, the speed with Try it, the language, the conversation's silence and whether
 * recordings are kept, and Check (the voice doctor). Each setting is saved as it is set (chat/voice's
 * store, a row of this browser's settings: not in a backup, not synced).
 */
import { useEffect, useId, useMemo, useSyncExternalStore } from 'react';
import { useConnectionsSnapshot } from '../../../chat/connections';
import {
  BROWSER_ENGINE_ID,
  getVoiceSettingsStore,
  MAX_SILENCE_MS,
  MIN_SILENCE_MS,
  SERVER_ENGINE_ID,
  speechEngines,
  transcriptionEngines,
  type BrowserVoice,
  type EngineContext,
  type VoiceSettings,
  type VoiceSettingsStore,
} from '../../../chat/voice';
import { registerMessages } from '../../../i18n';
import { voiceSettings as voiceMessages } from '../../../i18n/en/voice-settings';
import { DEFAULT_SPEECH_MODEL, DEFAULT_TRANSCRIPTION_MODEL, voiceContext } from '../../../pages/shared/voice/voice-runtime';
import { t } from '../shared/settings-text';
import { useAudioCatalog } from './audio-catalog-hook';
import { EngineChoice } from './engine-choice';
import { LanguageField } from './language-field';
import { ConnectionField, ModelField, ServerVoiceField } from './server-fields';
import { BrowserVoiceField, SpeedField, TrySpeech, useBrowserVoices } from './speech-fields';
import { VoiceCheck, type VoiceCheckProps } from './voice-check';
import './voice-section.css';

registerMessages(voiceMessages);

export interface VoiceSectionProps {
  store?: VoiceSettingsStore;
  /** The engines to offer (tests pass their own); the voice room's by default. */
  engines?: { transcription: typeof transcriptionEngines; speech: typeof speechEngines };
  /** The connections as the engines call them; the pages' voice runtime's by default. */
  context?: EngineContext;
  browserVoices?: () => BrowserVoice[];
  doctor?: VoiceCheckProps['doctor'];
  record?: VoiceCheckProps['record'];
}

const ENGINES = { transcription: transcriptionEngines, speech: speechEngines };

/** What the engines use when a model is left empty: the runtime's fallbacks. */
const withFallbacks = (settings: VoiceSettings): VoiceSettings => ({
  ...settings,
  transcriptionModel: settings.transcriptionModel || DEFAULT_TRANSCRIPTION_MODEL,
  speechModel: settings.speechModel || DEFAULT_SPEECH_MODEL,
});

export default function VoiceSection({ store = getVoiceSettingsStore(), engines = ENGINES, context: givenContext, browserVoices, doctor, record }: VoiceSectionProps) {
  const id = useId();
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => void store.init(), [store]);
  // The engines read the connections as they are now: a new snapshot makes them again.
  const connections = useConnectionsSnapshot();
  const context = useMemo(() => givenContext ?? voiceContext(), [givenContext, connections]);
  // The store's snapshot is a new object on each save: the engines are made again only when a field changed.
  const effective = withFallbacks(settings);
  const fields = JSON.stringify(effective);
  const listeners = useMemo(() => engines.transcription(effective, context), [engines, context, fields]);
  const speakers = useMemo(() => engines.speech(effective, context), [engines, context, fields]);
  const voices = useBrowserVoices(browserVoices);
  const update = (patch: Partial<VoiceSettings>) => void store.update(patch);

  const listenCatalog = useAudioCatalog(settings.transcriptionEngine === SERVER_ENGINE_ID ? context.connection(settings.transcriptionConnection) : undefined);
  const speakCatalog = useAudioCatalog(settings.speechEngine === SERVER_ENGINE_ID ? context.connection(settings.speechConnection) : undefined);
  const speaker = speakers.find((engine) => engine.id === settings.speechEngine);
  const browserListening = listeners.find((engine) => engine.id === BROWSER_ENGINE_ID)?.availability().available === true;

  return (
    <section className="settings-section voice-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('voiceSettings.title')}</h3>
      </div>
      <p className="settings-hint">{t('voiceSettings.intro')}</p>
      <p className="settings-hint voice-section__device">{t('voiceSettings.device')}</p>

      <section className="voice-section__part" aria-labelledby={`${id}listening`}>
        <h4 id={`${id}listening`}>{t('voiceSettings.listening.title')}</h4>
        <EngineChoice legend={t('voiceSettings.listening.engine')} use="listen" engines={listeners} chosen={settings.transcriptionEngine} onChoose={(engine) => update({ transcriptionEngine: engine })}>
          {(engine) =>
            engine.kind === 'server' && (
              <div className="voice-engine__fields">
                <ConnectionField snapshot={connections} value={settings.transcriptionConnection} onChange={(connection) => update({ transcriptionConnection: connection })} />
                <ModelField value={settings.transcriptionModel} fallback={DEFAULT_TRANSCRIPTION_MODEL} suggestions={listenCatalog.models?.transcription ?? []} onChange={(model) => update({ transcriptionModel: model })} />
              </div>
            )
          }
        </EngineChoice>
        <LanguageField value={settings.language} onChange={(language) => update({ language })} />
      </section>

      <section className="voice-section__part" aria-labelledby={`${id}speaking`}>
        <h4 id={`${id}speaking`}>{t('voiceSettings.speaking.title')}</h4>
        {/* The voice belongs to its engine: a server's `alloy` means nothing to the browser. */}
        <EngineChoice legend={t('voiceSettings.speaking.engine')} use="speak" engines={speakers} chosen={settings.speechEngine} onChoose={(engine) => update({ speechEngine: engine, voice: '' })}>
          {(engine) =>
            engine.kind === 'server' ? (
              <div className="voice-engine__fields">
                <ConnectionField snapshot={connections} value={settings.speechConnection} onChange={(connection) => update({ speechConnection: connection })} />
                <ModelField value={settings.speechModel} fallback={DEFAULT_SPEECH_MODEL} suggestions={speakCatalog.models?.speech ?? []} onChange={(model) => update({ speechModel: model })} />
                <ServerVoiceField value={settings.voice} list={speakCatalog.voices} onChange={(voice) => update({ voice })} />
              </div>
            ) : engine.kind === 'browser' ? (
              <div className="voice-engine__fields">
                <BrowserVoiceField voices={voices} value={settings.voice} onChange={(voice) => update({ voice })} />
              </div>
            ) : null
          }
        </EngineChoice>
        <SpeedField value={settings.speed} onChange={(speed) => update({ speed })} />
        <TrySpeech engine={speaker} voice={settings.voice} speed={settings.speed} language={settings.language} />
      </section>

      <section className="voice-section__part" aria-labelledby={`${id}conversation`}>
        <h4 id={`${id}conversation`}>{t('voiceSettings.conversation.title')}</h4>
        <SilenceField value={settings.silenceMs} onChange={(silenceMs) => update({ silenceMs })} />
        <div className="settings-field">
          <label className="settings-switch">
            <input type="checkbox" role="switch" checked={settings.keepAudio} aria-describedby={`${id}keepHint`} onChange={(event) => update({ keepAudio: event.target.checked })} />
            <span>{t('voiceSettings.keepAudio')}</span>
          </label>
          <p id={`${id}keepHint`} className="settings-hint">
            {t('voiceSettings.keepAudio.hint')}
          </p>
        </div>
      </section>

      <VoiceCheck settings={effective} connectionOf={(connection) => context.connection(connection)} browserListening={browserListening} doctor={doctor} record={record} />
    </section>
  );
}

const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

function SilenceField({ value, onChange }: { value: number; onChange(ms: number): void }) {
  const id = useId();
  return (
    <div className="settings-field">
      <label htmlFor={`${id}silence`}>{t('voiceSettings.silence')}</label>
      <div className="voice-range">
        <input
          id={`${id}silence`}
          type="range"
          min={MIN_SILENCE_MS}
          max={MAX_SILENCE_MS}
          step={100}
          value={value}
          aria-valuetext={t('voiceSettings.silence.text', { seconds: seconds(value) })}
          aria-describedby={`${id}hint`}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <output htmlFor={`${id}silence`} className="voice-range__value">
          {t('voiceSettings.silence.value', { seconds: seconds(value) })}
        </output>
      </div>
      <p id={`${id}hint`} className="settings-hint">
        {t('voiceSettings.silence.hint')}
      </p>
    </div>
  );
}
