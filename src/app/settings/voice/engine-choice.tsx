// Settings → Voice: one choice of engine (listening or speaking) as radio buttons, each saying
// honestly what leaves the device (its describe()) and, when it cannot run here, why (its
// availability(), shown disabled). An in-browser model shows its download size, and a Download
// button with its progress while its files come (its prepare()).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { EngineInfo, SpeechEngine, TranscriptionEngine } from '../../../chat/voice';
import { formatBytes } from '../../../lib/format-bytes';
import { Button } from '../../../ui/button';
import { t, type MessageKey } from '../shared/settings-text';

type Engine = TranscriptionEngine | SpeechEngine;
export type EngineUse = 'listen' | 'speak';

export function engineName(engine: Engine, use: EngineUse): string {
  if (engine.kind === 'server') return t('voiceSettings.engine.server');
  if (engine.kind === 'browser') return t(use === 'listen' ? 'voiceSettings.engine.browser.listen' : 'voiceSettings.engine.browser.speak');
  return t('voiceSettings.engine.local', { name: engine.id.replace(/^local:/, '') });
}

/** What leaves the device with this engine, in one sentence. */
export function leavesText(info: EngineInfo, kind: Engine['kind'], use: EngineUse): string {
  if (info.download) return t(info.download.stored ? 'voiceSettings.leaves.downloaded' : 'voiceSettings.leaves.download', { size: formatBytes(info.download.bytes) });
  if (info.leaves === 'nothing') return kind === 'browser' && use === 'speak' ? t('voiceSettings.leaves.browserVoices') : t('voiceSettings.leaves.nothing');
  if (info.to === 'server') {
    // No connection yet: "your server", not an empty address.
    if (!info.address) return t(info.leaves === 'audio' ? 'voiceSettings.leaves.serverAudioNone' : 'voiceSettings.leaves.serverTextNone');
    return t(info.leaves === 'audio' ? 'voiceSettings.leaves.serverAudio' : 'voiceSettings.leaves.serverText', { address: info.address });
  }
  if (info.leaves === 'audio') return info.vendorName ? t('voiceSettings.leaves.vendorAudio', { vendor: info.vendorName }) : t('voiceSettings.leaves.vendorAudioUnknown');
  return info.vendorName ? t('voiceSettings.leaves.vendorText', { vendor: info.vendorName }) : t('voiceSettings.leaves.vendorTextUnknown');
}

export interface EngineChoiceProps {
  legend: string;
  use: EngineUse;
  engines: readonly Engine[];
  chosen: string;
  onChoose(id: string): void;
  /** The chosen engine's own fields (the server's connection and model), shown under it. */
  children?: (engine: Engine) => ReactNode;
}

export function EngineChoice({ legend, use, engines, chosen, onChoose, children }: EngineChoiceProps) {
  const id = useId();
  return (
    <fieldset className="settings-field settings-choice voice-engines">
      <legend>{legend}</legend>
      {engines.map((engine) => {
        const availability = engine.availability();
        // A model not yet downloaded can still be chosen: its Download is right there.
        const disabled = !availability.available && availability.reason !== 'not-downloaded';
        const why = availability.available
          ? undefined
          : availability.reason === 'no-api' && use === 'speak'
            ? t('voiceSettings.unavailable.no-api.speak')
            : t(`voiceSettings.unavailable.${availability.reason}` as MessageKey);
        const hint = `${id}${engine.id}hint`;
        const checked = engine.id === chosen;
        return (
          <div key={engine.id} className="voice-engine" data-engine={engine.id} data-state={disabled ? 'unavailable' : checked ? 'chosen' : 'offered'}>
            <label className="settings-check">
              <input type="radio" name={`${id}engine`} value={engine.id} checked={checked} disabled={disabled} aria-describedby={hint} onChange={() => onChoose(engine.id)} />
              {engineName(engine, use)}
            </label>
            <div id={hint} className="voice-engine__hint">
              <p className="settings-hint">{leavesText(engine.describe(), engine.kind, use)}</p>
              {why && <p className="settings-hint voice-engine__why">{why}</p>}
            </div>
            {engine.prepare && !engine.describe().download?.stored && <Download engine={engine} use={use} />}
            {checked && !disabled && children?.(engine)}
          </div>
        );
      })}
    </fieldset>
  );
}

type DownloadState = { state: 'idle' } | { state: 'loading'; loaded: number; total: number } | { state: 'done' } | { state: 'failed'; reason: string };

/** An in-browser model's one download, with its progress as a progressbar. */
function Download({ engine, use }: { engine: Engine; use: EngineUse }) {
  const [download, setDownload] = useState<DownloadState>({ state: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);
  const name = engineName(engine, use);
  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setDownload({ state: 'loading', loaded: 0, total: engine.describe().download?.bytes ?? 0 });
    try {
      await engine.prepare!({ signal: controller.signal, onProgress: (loaded, total) => setDownload({ state: 'loading', loaded, total }) });
      setDownload({ state: 'done' });
    } catch (error) {
      if (!controller.signal.aborted) setDownload({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
  };
  if (download.state === 'done') return null;
  return (
    <div className="voice-engine__download" data-state={download.state}>
      {download.state === 'loading' ? (
        <>
          <progress max={download.total || undefined} value={download.loaded} aria-label={t('voiceSettings.downloading', { name })} />
          <span className="settings-hint">
            {formatBytes(download.loaded)} / {formatBytes(download.total)}
          </span>
        </>
      ) : (
        <Button size="sm" variant="outline" color="neutral" icon="lucide:download" onClick={() => void start()}>
          {t('voiceSettings.download', { name })}
        </Button>
      )}
      {download.state === 'failed' && (
        <p className="settings-error" role="alert">
          {t('voiceSettings.downloadFailed', { reason: download.reason })}
        </p>
      )}
    </div>
  );
}
