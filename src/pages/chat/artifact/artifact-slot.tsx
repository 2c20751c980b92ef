// The chat page's code slot (src/markdown/code-slot.ts): a finished `html` or `svg` block in a
// reply gets a Preview toggle beside Copy, and its live preview in the code's place (issue 36).
import { Suspense, useState } from 'react';
import type { CodeSlotProps } from '../../../markdown';
import { lazyPart } from '../../../ui/lazy-part';
import { NeedsConnection } from '../../shared/needs-connection';
import { t } from '../chat-text';
import './artifact-slot.css';

/** The languages that preview, as the bar names them (the sandbox's PreviewKind; later jsx, tsx, mermaid). */
const PREVIEWED = new Set(['html', 'svg']);

/** The frame and its session with the sandbox: their own chunk, fetched with the first Preview. */
const ArtifactFrame = lazyPart(() => import('./artifact-frame'), NeedsConnection);

/** Whether a block previews: complete (a half-written block never flashes) and of a previewed language. */
export const previews = (language: string, finished: boolean): boolean => finished && PREVIEWED.has(language);

/**
 * A toggle button (aria-pressed), like the bar's Wrap beside it: one block shown one of two ways,
 * not two panels to move between, so not tabs. Focus stays on it as the view changes.
 */
export function ArtifactSlot({ code, language, finished, children }: CodeSlotProps) {
  const [previewing, setPreviewing] = useState(false);
  if (!previews(language, finished)) return children({});
  const actions = (
    <button
      type="button"
      className="markdown__code-button"
      aria-pressed={previewing}
      aria-label={t('chat.artifact.previewName', { language: language.toUpperCase() })}
      onClick={() => setPreviewing((value) => !value)}
    >
      {t('chat.artifact.preview')}
    </button>
  );
  // Its own boundary: while the frame's chunk loads, only the view waits (the bar, and focus on the
  // toggle, stay where they are).
  const view = previewing ? (
    <Suspense fallback={<p className="artifact-loading">{t('chat.artifact.loading')}</p>}>
      <ArtifactFrame kind={language as 'html' | 'svg'} source={code} />
    </Suspense>
  ) : undefined;
  return children({ actions, view });
}
