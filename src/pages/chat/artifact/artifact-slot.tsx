// The chat page's code slot (src/markdown/code-slot.ts): a finished `html`, `svg`, `jsx` or `tsx`
// block in a reply gets a Preview toggle beside Copy, and its live preview in the code's place (issue 36).
import { createContext, Suspense, useContext, useState } from 'react';
import { artifactKindOf, type RunLanguage } from '../../../chat/sandbox';
import type { CodeSlotProps } from '../../../markdown';
import { ThreadContext } from '../thread/thread-context';
import { ArtifactFrameView } from './artifact-frame-part';
import { CodeRunPart } from './code-run-part';
import { openBlockInPanel } from './open-block';
import { t } from '../chat-text';
import './artifact-slot.css';

/**
 * The languages that preview in the thread, as the bar names them, and the sandbox's kind for each.
 * Not `mermaid`: the thread draws a diagram in the code's place already (src/markdown); the panel previews it.
 */
const PREVIEWED: Readonly<Record<string, 'html' | 'svg' | 'jsx'>> = { html: 'html', svg: 'svg', jsx: 'jsx', tsx: 'jsx' };

/** The languages that run, as the bar names them, and the sandbox's language for each. */
const RUN_LANGUAGE_OF: Readonly<Record<string, RunLanguage>> = { js: 'javascript', javascript: 'javascript', py: 'python', python: 'python', python3: 'python' };

/** The thread's reply whose markdown this is (null in a tool's result): its artifact blocks open in the panel. */
export const ArtifactReplyContext = createContext<string | null>(null);

/**
 * The blocks shown as previews, by reply and code: a long chat renders only the messages near the
 * screen, so a block scrolled far away and back is a new component, and must come back as it was
 * left. For this page's life (a reload shows code again, as a new visit does).
 */
const previewedBlocks = new Set<string>();
const blockKey = (messageId: string, code: string) => `${messageId}\u0000${code}`;

/** Whether a block previews: complete (a half-written block never flashes) and of a previewed language. */
export const previews = (language: string, finished: boolean): boolean => finished && Object.hasOwn(PREVIEWED, language);

/**
 * A toggle button (aria-pressed), like the bar's Wrap beside it: one block shown one of two ways,
 * not two panels to move between, so not tabs. Focus stays on it as the view changes.
 */
export function ArtifactSlot({ code, language, finished, children }: CodeSlotProps) {
  const messageId = useContext(ArtifactReplyContext);
  const [previewing, setPreviewing] = useState(() => messageId !== null && previewedBlocks.has(blockKey(messageId, code)));
  const chatId = useContext(ThreadContext)?.chatId;
  // Every finished artifact block of a reply opens in the panel (its versions, its code, its preview when it has one).
  const open =
    finished && messageId && chatId && artifactKindOf(language, code) ? (
      <button
        type="button"
        className="markdown__code-button"
        aria-label={t('artifact.openBlock', { language: language.toUpperCase() })}
        onClick={() => openBlockInPanel(chatId, messageId, code)}
      >
        {t('artifact.openShort')}
      </button>
    ) : null;
  // A finished JavaScript or Python block runs, by the user's Run, in a worker of the sandbox (code-run.tsx).
  const [run, setRun] = useState({ count: 0, stops: 0, running: false });
  const runs = finished && Object.hasOwn(RUN_LANGUAGE_OF, language) ? RUN_LANGUAGE_OF[language] : undefined;
  if (runs) {
    const name = { language: language.toUpperCase() };
    return children({
      // One button, Run then Stop then Run: focus stays on it whatever the run does.
      actions: (
        <button
          type="button"
          className="markdown__code-button"
          aria-label={t(run.running ? 'chat.run.stopName' : 'chat.run.runName', name)}
          onClick={() => setRun((was) => (was.running ? { ...was, stops: was.stops + 1 } : { count: was.count + 1, stops: 0, running: true }))}
        >
          {t(run.running ? 'chat.run.stop' : 'chat.run.run')}
        </button>
      ),
      after: run.count ? (
        <Suspense fallback={null}>
          <CodeRunPart key={run.count} code={code} language={name.language} runs={runs} chatId={chatId ?? null} stops={run.stops} onEnded={() => setRun((was) => ({ ...was, running: false }))} />
        </Suspense>
      ) : undefined,
    });
  }
  if (!previews(language, finished)) return children(open ? { actions: open } : {});
  const actions = (
    <>
    <button
      type="button"
      className="markdown__code-button"
      aria-pressed={previewing}
      aria-label={t('chat.artifact.previewName', { language: language.toUpperCase() })}
      onClick={() => {
        const next = !previewing;
        setPreviewing(next);
        if (messageId === null) return;
        if (next) previewedBlocks.add(blockKey(messageId, code));
        else previewedBlocks.delete(blockKey(messageId, code));
      }}
    >
      {t('chat.artifact.preview')}
    </button>
    {open}
    </>
  );
  const view = previewing ? (
    <ArtifactFrameView kind={PREVIEWED[language]!} source={code} />
  ) : undefined;
  return children({ actions, view });
}
