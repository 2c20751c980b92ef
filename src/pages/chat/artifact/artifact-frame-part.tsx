// The sandbox's frame as a lazily loaded part, with its stylesheet: one chunk for the thread's previews and the panel's.
import { Suspense, type ComponentProps } from 'react';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { NeedsConnection } from '../../shared/needs-connection';
import { t } from '../chat-text';

/** Fetched with the first Preview; its CSS (the frame's size) arrives before it paints. */
const ArtifactFramePart = lazyPart(withChunkStyles('artifact-frame', () => import('./artifact-frame')), NeedsConnection);

/**
 * The frame behind a boundary of its own: while its chunk loads (the first time), a line says so
 * in its place, and only the view waits (the bar, and focus on its buttons, stay where they are).
 */
export function ArtifactFrameView(props: ComponentProps<typeof ArtifactFramePart>) {
  return (
    <Suspense fallback={<p className="artifact-loading">{t('chat.artifact.loading')}</p>}>
      <ArtifactFramePart {...props} />
    </Suspense>
  );
}
