// A JavaScript block's run (issue 36 slice C, docs/sandbox.md "Runs"): a hidden frame of Parley's
// sandbox document for this run alone, the block run in a worker there, its output and outcome
// under the block. Its own chunk (artifact-slot loads it with the first Run). The slot mounts one
// per Run (keyed by it): unmounting removes the frame, which ends whatever is left of the run.
import { useEffect, useRef, useState } from 'react';
import { registerMessages, t } from '../../../i18n';
import { codeRun } from '../../../i18n/en/code-run';
import { RUN_TIME_LIMIT_MS } from '../../../lib/sandbox-wire';
import { appendOutput, NO_OUTPUT, openSandboxSession, sandboxUrl, type RunEnded, type SandboxSession } from '../../../chat/sandbox/sandbox-session';
import './code-run.css';

registerMessages(codeRun);

/**
 * How long Stop waits for the sandbox to say the worker is gone before the app removes the frame
 * itself (its thread would be stuck: removing the frame ends it all the same). Well under the 1 s
 * Stop must take.
 */
export const STOP_GRACE_MS = 400;

type Outcome = Omit<RunEnded, 'type' | 'id' | 'outcome'> & { outcome: RunEnded['outcome'] | 'failed'; seconds: number };

export interface CodeRunProps {
  code: string;
  /** The block's language as its bar shows it, for the region's name. */
  language: string;
  /** How many times Stop was pressed during this run (0: not yet). */
  stops: number;
  /** Called once, when the run is over however it ended. */
  onEnded(): void;
}

const seconds = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export default function CodeRun({ code, language, stops, onEnded }: CodeRunProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [output, setOutput] = useState(NO_OUTPUT);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = useRef<{ session: SandboxSession; finish(ended: Pick<Outcome, 'outcome'> & Partial<Outcome>): void } | null>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let startedAt = performance.now();
    let over = false;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: Pick<Outcome, 'outcome'> & Partial<Outcome>) => {
      if (over) return;
      over = true;
      clearTimeout(limit);
      session.close();
      setOutcome({ seconds: (performance.now() - startedAt) / 1000, ...result });
      ended.current();
    };
    const session = openSandboxSession(element, {
      // The run message went out now: the time is the run's, not the frame's start.
      ready: () => {
        startedAt = performance.now();
        // The sandbox ends the worker at its time limit; should its thread be stuck, the app ends the frame.
        limit = setTimeout(() => finish({ outcome: 'timeout', seconds: RUN_TIME_LIMIT_MS / 1000 }), RUN_TIME_LIMIT_MS + STOP_GRACE_MS);
      },
      output: (stream, text) => setOutput((kept) => appendOutput(kept, stream, text)),
      ended: ({ outcome, value, error, line }) => finish({ outcome, value, error, line }),
      failed: () => finish({ outcome: 'failed' }),
    });
    run.current = { session, finish };
    session.run(code);
    // As the preview's frame: no `sandbox` attribute, the document's own CSP header sandboxes it.
    element.src = sandboxUrl();
    return () => {
      over = true;
      clearTimeout(limit);
      session.close();
      run.current = null;
    };
  }, [code]);

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
      return t('run.timeout', { seconds: seconds(RUN_TIME_LIMIT_MS / 1000) });
    default:
      return t('run.failed');
  }
}
