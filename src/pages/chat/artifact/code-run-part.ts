// A code block's run as a lazily loaded part, with its stylesheet: fetched with the first Run.
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { NeedsConnection } from '../../shared/needs-connection';

export const CodeRunPart = lazyPart(withChunkStyles('code-run', () => import('./code-run')), NeedsConnection);
