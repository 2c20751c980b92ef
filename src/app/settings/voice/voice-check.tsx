// Settings → Voice's Check (the voice doctor, issue 39): whether this page may use the microphone
// at all (a secure context), whether it is allowed, and whether the chosen server's audio
// endpoints answer (CORS, endpoints, key, codec). Check never asks for the microphone: only "Test
// the microphone" does (with voice unused, the page never asks), and its one-second recording
// then tells whether the server takes this browser's codec. Findings are one status region, brought into view.
import { useEffect, useId, useRef, useState } from 'react';
import { loadVoiceDoctor, MicrophoneError, startRecording, type MicrophoneProblem, type VoiceDiagnosis, type VoiceDiagnosisKind, type VoiceSettings } from '../../../chat/voice';
import type { OpenAiConnection } from '../../../chat/wire';
import { Button } from '../../../ui/button';
import { t, type MessageKey } from '../shared/settings-text';

export type VoiceDoctor = Pick<Awaited<ReturnType<typeof loadVoiceDoctor>>, 'microphoneSupport' | 'microphonePermission' | 'diagnoseAudioServer'>;

/** How long Test the microphone records: long enough for the recorder to produce a real file. */
export const MICROPHONE_TEST_MS = 1000;

/** One second from the microphone: the only place Settings asks for it. */
async function recordASecond(signal: AbortSignal): Promise<Blob> {
  const recording = await startRecording({ signal });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, MICROPHONE_TEST_MS);
      signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
    });
  } catch (error) {
    recording.cancel();
    throw error;
  }
  return recording.stop();
}

export interface Finding {
  kind: VoiceDiagnosisKind | 'secure' | 'permission' | 'microphone-works' | 'browser-listening' | 'no-server' | 'no-connection';
  tone: 'ok' | 'problem' | 'note';
  message: string;
  fix?: string;
}

const MICROPHONE_KINDS: Record<MicrophoneProblem, VoiceDiagnosisKind> = {
  insecure: 'insecure-context',
  unsupported: 'no-microphone-api',
  denied: 'permission-denied',
  blocked: 'blocked-by-policy',
  'no-microphone': 'no-microphone',
  busy: 'microphone-busy',
  unplugged: 'no-microphone',
};

/** A microphone diagnosis in the catalogue's words (the room's are English). */
function microphoneFinding(kind: VoiceDiagnosisKind, origin: string): Finding {
  return { kind, tone: 'problem', message: t(`voiceSettings.found.${kind}` as MessageKey, { origin }), fix: t(`voiceSettings.fix.${kind}` as MessageKey, { origin }) };
}

/** A server's diagnosis: the room's own sentence and fix (they name the status, the codec, the origin). */
const serverFinding = (address: string, found: VoiceDiagnosis): Finding => ({
  kind: found.kind,
  tone: found.kind === 'working' ? 'ok' : 'problem',
  message: t('voiceSettings.found.server', { address, message: found.message }),
  fix: found.fix,
});

export interface VoiceCheckProps {
  /** The settings with their fallbacks filled in (whisper-1, tts-1). */
  settings: VoiceSettings;
  /** A connection id as the engines call it ('' the default model's). */
  connectionOf(id: string): OpenAiConnection | undefined;
  /** Whether the browser's recognition exists here (for its note). */
  browserListening: boolean;
  doctor?: () => Promise<VoiceDoctor>;
  /** Records the microphone test; one second of the real microphone by default. */
  record?: (signal: AbortSignal) => Promise<Blob>;
  origin?: string;
}

type Run = 'check' | 'microphone';
type CheckState = { state: 'idle' } | { state: 'running'; run: Run } | { state: 'done'; findings: Finding[] };

export function VoiceCheck({ settings, connectionOf, browserListening, doctor = loadVoiceDoctor, record = recordASecond, origin = globalThis.location?.origin ?? '' }: VoiceCheckProps) {
  const id = useId();
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  // The findings may start below the fold (a phone's dialog): the eyes follow Check.
  useEffect(() => {
    if (check.state === 'done') statusRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [check]);

  const run = async (kind: Run) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    setCheck({ state: 'running', run: kind });
    try {
      const found = await findings(kind, signal);
      if (!signal.aborted) setCheck({ state: 'done', findings: found });
    } catch {
      // Aborted: a newer check or the section closing took its place.
      if (!signal.aborted) setCheck({ state: 'idle' });
    }
  };

  const findings = async (kind: Run, signal: AbortSignal): Promise<Finding[]> => {
    const found: Finding[] = [];
    const diagnose = await doctor();
    const support = diagnose.microphoneSupport();
    let recording: Blob | undefined;
    if (support) found.push(microphoneFinding(support.kind, origin));
    else if (kind === 'microphone') {
      try {
        recording = await record(signal);
        found.push({ kind: 'microphone-works', tone: 'ok', message: t('voiceSettings.found.microphone-works', { format: recording.type || '?', seconds: MICROPHONE_TEST_MS / 1000 }) });
      } catch (error) {
        if (signal.aborted) throw error;
        found.push(microphoneFinding(error instanceof MicrophoneError ? MICROPHONE_KINDS[error.problem] : 'microphone-busy', origin));
      }
    } else {
      found.push({ kind: 'secure', tone: 'ok', message: t('voiceSettings.found.secure') });
      const permission = await diagnose.microphonePermission();
      if (permission === 'denied') found.push(microphoneFinding('permission-denied', origin));
      else found.push({ kind: 'permission', tone: permission === 'granted' ? 'ok' : 'note', message: t(`voiceSettings.found.permission.${permission ?? 'unknown'}` as MessageKey) });
    }
    if (settings.transcriptionEngine === 'browser') found.push({ kind: 'browser-listening', tone: browserListening ? 'note' : 'problem', message: browserListening ? t('voiceSettings.found.browserListening') : t('voiceSettings.unavailable.no-api') });
    // The server's endpoints, asked once per connection: listening and speaking may use different ones.
    const asks = new Map<string, { transcriptionModel?: string; speechModel?: string; voice?: string }>();
    if (settings.transcriptionEngine === 'server') asks.set(settings.transcriptionConnection, { transcriptionModel: settings.transcriptionModel });
    if (settings.speechEngine === 'server') asks.set(settings.speechConnection, { ...asks.get(settings.speechConnection), speechModel: settings.speechModel, voice: settings.voice || undefined });
    if (asks.size === 0) found.push({ kind: 'no-server', tone: 'note', message: t('voiceSettings.found.noServer') });
    for (const [id, ask] of asks) {
      const connection = connectionOf(id);
      if (!connection) {
        found.push({ kind: 'no-connection', tone: 'problem', message: t('voiceSettings.found.noConnection') });
        continue;
      }
      // The recording tells about the codec only where it is transcribed.
      const diagnosis = await diagnose.diagnoseAudioServer({ connection, ...ask, recording: ask.transcriptionModel ? recording : undefined, signal, origin });
      found.push(serverFinding(connection.baseUrl, diagnosis));
    }
    return found;
  };

  const busy = check.state === 'running';
  return (
    <section className="voice-check" aria-labelledby={`${id}title`}>
      <h4 id={`${id}title`}>{t('voiceSettings.check.title')}</h4>
      <p className="settings-hint">{t('voiceSettings.check.intro')}</p>
      <div className="voice-check__actions">
        <Button size="sm" variant="outline" color="neutral" icon="lucide:stethoscope" disabled={busy} onClick={() => void run('check')}>
          {busy && check.run === 'check' ? t('voiceSettings.checking') : t('voiceSettings.check')}
        </Button>
        <Button size="sm" variant="outline" color="neutral" icon="lucide:mic" disabled={busy} onClick={() => void run('microphone')}>
          {busy && check.run === 'microphone' ? t('voiceSettings.testingMicrophone') : t('voiceSettings.testMicrophone')}
        </Button>
      </div>
      {/* Always rendered, so the region exists before its words change and screen readers announce them. */}
      <div ref={statusRef} role="status" aria-label={t('voiceSettings.findings')} className="voice-check__findings" data-state={check.state}>
        {check.state === 'done' && (
          <ul>
            {check.findings.map((finding, index) => (
              <li key={index} data-kind={finding.kind} data-tone={finding.tone} className={finding.tone === 'problem' ? 'settings-error' : 'settings-hint'}>
                <p className="voice-check__finding">{finding.message}</p>
                {finding.fix && <p>{finding.fix}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
