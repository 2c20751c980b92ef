// A live preview of an HTML, SVG, JSX/TSX or Mermaid block (issue 36): a frame of Parley's sandbox document, held only
// while the block is on screen. Its own chunk (artifact-slot loads it with the first Preview), with
// the sandbox room: none of it reaches the chat page's first load.
import { useContext, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PreviewKind } from '../../../chat/sandbox';
import { openSandboxSession, sandboxUrl, type SandboxFailure } from '../../../chat/sandbox/sandbox-session';
import { t } from '../chat-text';
import { AskToFixContext } from './ask-to-fix';
import './artifact.css';

/** The frame's height bounds (CSS pixels): a tall artifact scrolls inside its frame, not the thread. */
export const MIN_FRAME_HEIGHT = 48;
export const MAX_FRAME_HEIGHT = 640;
/** Before the first report: room for a small drawing, so the thread moves little when it comes. */
const FIRST_HEIGHT = 160;

/** The frame's height for the content height the sandbox reported. */
export const frameHeight = (reported: number): number => Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(reported)));

export interface ArtifactFrameProps {
  kind: PreviewKind;
  source: string;
  /** Fills its box (the artifact panel) instead of taking the artifact's height, bounded, in the thread. */
  fill?: boolean;
}

interface ArtifactError {
  message: string;
  line: number | null;
}

const FAILURES: Record<SandboxFailure, 'chat.artifact.notIsolated' | 'chat.artifact.protocol' | 'chat.artifact.reloaded' | 'chat.artifact.runtime'> = {
  'not-isolated': 'chat.artifact.notIsolated',
  protocol: 'chat.artifact.protocol',
  reloaded: 'chat.artifact.reloaded',
  runtime: 'chat.artifact.runtime',
};

/**
 * How long a block stays on screen before its frame starts: a flick through a chat of artifacts
 * passes each block in a frame or two, and starting a document for each (its parse, its nested
 * frame, the artifact's scripts) would fill the scroll with long tasks (bench:artifacts).
 */
export const FRAME_START_DELAY_MS = 150;

/**
 * Whether `box` is on screen, from an IntersectionObserver (true where the browser has none):
 * false at once when it leaves, true once it has stayed FRAME_START_DELAY_MS.
 */
function useOnScreen(box: React.RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (!entry) return;
      clearTimeout(timer);
      if (entry.isIntersecting) timer = setTimeout(() => setOnScreen(true), FRAME_START_DELAY_MS);
      else setOnScreen(false);
    });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [box]);
  return onScreen;
}

export default function ArtifactFrame({ kind, source, fill = false }: ArtifactFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(box);
  const [height, setHeight] = useState<number | null>(null);
  const [error, setError] = useState<ArtifactError | null>(null);
  const [failure, setFailure] = useState<SandboxFailure | null>(null);
  const language = kind.toUpperCase();
  // The last height stays while the frame is away: the thread does not jump as it scrolls back.
  const style = { '--artifact-height': `${frameHeight(height ?? FIRST_HEIGHT)}px` } as CSSProperties;
  const live = onScreen && !failure;
  const askToFix = useContext(AskToFixContext);

  return (
    <div ref={box} className="artifact" data-fill={fill ? '' : undefined} data-state={failure ? 'failed' : !live ? 'away' : height === null ? 'loading' : 'rendered'} style={style}>
      {live ? (
        <LiveFrame
          kind={kind}
          source={source}
          title={t('chat.artifact.frameTitle', { language })}
          onStart={() => setError(null)}
          onRendered={setHeight}
          onError={setError}
          onFailed={setFailure}
        />
      ) : null}
      {error ? (
        <div className="artifact__problem">
          <p className="artifact__error" role="alert">
            {error.line === null ? t('chat.artifact.error', { message: error.message }) : t('chat.artifact.errorAtLine', { line: error.line, message: error.message })}
          </p>
          {askToFix ? (
            <button type="button" className="artifact__fix" onClick={() => askToFix(error, kind)}>
              {t('artifact.fix.button')}
            </button>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p className="artifact__error" role="alert">
          {t(FAILURES[failure])}
        </p>
      ) : null}
    </div>
  );
}

interface LiveFrameProps extends ArtifactFrameProps {
  title: string;
  onStart(): void;
  onRendered(height: number): void;
  onError(error: ArtifactError): void;
  onFailed(reason: SandboxFailure): void;
}

/** The frame itself, with its session: unmounting it removes the frame, which ends the sandbox's document. */
function LiveFrame({ kind, source, title, onStart, onRendered, onError, onFailed }: LiveFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The latest callbacks, without restarting the frame when the parent re-renders.
  const reports = useRef({ onStart, onRendered, onError, onFailed });
  reports.current = { onStart, onRendered, onError, onFailed };

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    reports.current.onStart();
    const session = openSandboxSession(element, {
      rendered: (height) => reports.current.onRendered(height),
      error: (message, line) => reports.current.onError({ message, line }),
      failed: (reason) => reports.current.onFailed(reason),
    });
    session.render(kind, source);
    // Set once the session listens for the load. No `sandbox` attribute: the document's own CSP
    // header sandboxes it (docs/sandbox.md: a frame with the attribute bypasses the service
    // worker, and previews must work offline); the session refuses a same-origin document.
    element.src = sandboxUrl();
    return () => session.close();
  }, [kind, source]);

  return <iframe ref={frame} className="artifact__frame" title={title} referrerPolicy="no-referrer" />;
}
