// A JavaScript block's run (issue 36 slice C, docs/sandbox.md "Runs"): a hidden frame of Parley's
// sandbox document for this run alone, the block run in a worker there, its output and outcome
// under the block. Its own chunk (artifact-slot loads it with the first Run). The slot mounts one
// per Run (keyed by it): unmounting removes the frame, which ends whatever is left of the run.
import { useEffect, useRef, useState } from 'react';
import { registerMessages, t } from '../../../i18n';
import { codeRun } from '../../../i18n/en/code-run';
import type { RunLanguage } from '../../../lib/sandbox-wire';
import { appendOutput, NO_OUTPUT, openSandboxSession, prepareRun, runSettings, sandboxUrl, type PackageProblem, type RunEnded, type RunFile, type SandboxSession } from '../../../chat/sandbox/code-runs';
import { RunFilesView } from './run-files-view';
import { getChatStore } from '../../../chat/store';
import './code-run.css';

registerMessages(codeRun);

/** Why a Python block's packages cannot be had, in the user's words. */
export function packageProblemText(problem: PackageProblem): string {
  switch (problem.reason) {
    case 'no-address':
      return t('run.problem.noAddress', { names: problem.names.join(', ') });
    case 'unreachable':
      return t('run.problem.unreachable', { address: problem.address, detail: problem.detail });
    case 'other-version':
      return t('run.problem.otherVersion', { address: problem.address, version: problem.version });
    case 'mismatch':
      return t('run.problem.mismatch', { names: problem.names.join(', ') });
    default:
      return t('run.problem.download', { names: problem.names.join(', '), detail: problem.detail });
  }
}

/**
 * How long Stop waits for the sandbox to say the worker is gone before the app removes the frame
 * itself (its thread would be stuck: removing the frame ends it all the same). Well under the 1 s
 * Stop must take.
 */
export const STOP_GRACE_MS = 400;

/** How the run ended; 'unavailable': it never started, as `problem` says (a package it needs cannot be had). */
type Outcome = Omit<RunEnded, 'type' | 'id' | 'outcome'> & { outcome: RunEnded['outcome'] | 'failed' | 'unavailable'; seconds: number; problem?: string; limitSeconds?: number };

export interface CodeRunProps {
  code: string;
  /** The block's language as its bar shows it, for the region's name. */
  language: string;
  /** The language it runs as. */
  runs: RunLanguage;
  /** The chat whose files a Python run reads at /mnt/data (null: none). */
  chatId: string | null;
  /** How many times Stop was pressed during this run (0: not yet). */
  stops: number;
  /** Called once, when the run is over however it ended. */
  onEnded(): void;
}

const seconds = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export default function CodeRun({ code, language, runs, chatId, stops, onEnded }: CodeRunProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [output, setOutput] = useState(NO_OUTPUT);
  const [files, setFiles] = useState<readonly RunFile[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useRef<{ session: SandboxSession; finish(ended: Pick<Outcome, 'outcome'> & Partial<Outcome>): void } | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    // Settings → Code's limit, once read (the run's message goes after it).
    let limitMs = 0;
    let startedAt = performance.now();
    let over = false;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: Pick<Outcome, 'outcome'> & Partial<Outcome>) => {
      if (over) return;
      over = true;
      clearTimeout(limit);
      session.close();
      setOutcome({ seconds: (performance.now() - startedAt) / 1000, limitSeconds: limitMs / 1000, ...result });
      ended.current();
    };
    const session = openSandboxSession(element, {
      // The run message went out now: the time is the run's, not the frame's start nor its files' download.
      running: () => {
        startedAt = performance.now();
        // The sandbox ends the worker at its time limit; should its thread be stuck, the app ends the frame.
        limit = setTimeout(() => finish({ outcome: 'timeout', seconds: limitMs / 1000 }), limitMs + STOP_GRACE_MS);
      },
      output: (stream, text) => setOutput((kept) => appendOutput(kept, stream, text)),
      file: (name, data) => setFiles((kept) => [...kept, { name, data }]),
      ended: ({ outcome, value, error, line }) => finish({ outcome, value, error, line }),
      failed: () => finish({ outcome: 'failed' }),
    });
    run.current = { session, finish };
    const store = getChatStore();
    const chat = chatId === null ? null : { messages: store.getSnapshot().messages.get(chatId) ?? [], loadAttachment: store.loadAttachment };
    // Python's packages are fetched first (from the address the user approved), its files read: then the run goes.
    void runSettings()
      .then((settings) => {
        limitMs = settings.timeLimitSeconds * 1000;
        return prepareRun(runs, code, settings, chat);
      })
      .then(
        (prepared) => {
          if (over) return;
          if ('problem' in prepared) return finish({ outcome: 'unavailable', problem: packageProblemText(prepared.problem) });
          for (const name of prepared.left) setOutput((kept) => appendOutput(kept, 'stderr', `${t('run.fileLeft', { name })}\n`));
          session.run(code, prepared.options);
        },
        (error: unknown) => finish({ outcome: 'unavailable', problem: String(error instanceof Error ? error.message : error) }),
      );
    // As the preview's frame: no `sandbox` attribute, the document's own CSP header sandboxes it.
    element.src = sandboxUrl();
    return () => {
      over = true;
      clearTimeout(limit);
      session.close();
      run.current = null;
    };
  }, [code, runs, chatId]);

  useEffect(() => {
    const current = run.current;
    if (stops === 0 || !current) return;
    current.session.stop();
    const grace = setTimeout(() => current.finish({ outcome: 'stopped' }), STOP_GRACE_MS);
    return () => clearTimeout(grace);
  }, [stops]);

  const state = outcome?.outcome ?? 'running';
  return (
    // A labelled group, not a region: a chat of many runs would fill the landmarks' list with alike names.
    <div role="group" className="code-run" aria-label={t('run.region', { language })} data-state={state}>
      {outcome ? null : (
        <iframe ref={frame} className="code-run__frame" title={t('run.frameTitle', { language })} aria-hidden="true" tabIndex={-1} referrerPolicy="no-referrer" />
      )}
      {output.pieces.length > 0 ? (
        // Focusable so keyboard users can scroll long output.
        <pre className="code-run__output" tabIndex={0}>
          {output.pieces.map((piece, at) =>
            piece.stream === 'stderr' ? (
              <span key={at} className="code-run__stderr">
                <span className="code-run__tag">{t('run.stderr')}</span> {piece.text}
              </span>
            ) : (
              <span key={at}>{piece.text}</span>
            ),
          )}
        </pre>
      ) : null}
      {output.cut ? <p className="code-run__note">{t('run.cut')}</p> : null}
      <RunFilesView files={files} />
      {outcome?.value !== undefined ? (
        <p className="code-run__value">
          <span className="code-run__tag">{t('run.result')}</span> <code>{outcome.value}</code>
        </p>
      ) : null}
      {outcome?.error !== undefined ? (
        <p className="code-run__error">{outcome.line === undefined ? t('run.errorMessage', { message: outcome.error }) : t('run.errorAtLine', { line: outcome.line, message: outcome.error })}</p>
      ) : null}
      <p className="code-run__outcome" role="status">
        {outcomeText(outcome, output.pieces.length === 0)}
      </p>
    </div>
  );
}

function outcomeText(outcome: Outcome | null, empty: boolean): string {
  if (!outcome) return t('run.running');
  const time = seconds(outcome.seconds);
  switch (outcome.outcome) {
    case 'done':
      return `${t('run.done', { seconds: time })}${empty && outcome.value === undefined ? ` · ${t('run.empty')}` : ''}`;
    case 'error':
      return t('run.error', { seconds: time });
    case 'stopped':
      return t('run.stopped');
    case 'timeout':
      return t('run.timeout', { seconds: String(outcome.limitSeconds ?? outcome.seconds) });
    case 'unavailable':
      return t('run.unavailable', { problem: outcome.problem ?? '' });
    default:
      return t('run.failed');
  }
}
