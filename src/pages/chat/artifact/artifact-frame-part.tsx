// The sandbox's frame as a lazily loaded part, with its stylesheet: one chunk for the thread's previews and the panel's.
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { NeedsConnection } from '../../shared/needs-connection';

/** Fetched with the first Preview; its CSS (the frame's size) arrives before it paints. */
export const ArtifactFramePart = lazyPart(withChunkStyles('artifact-frame', () => import('./artifact-frame')), NeedsConnection);
