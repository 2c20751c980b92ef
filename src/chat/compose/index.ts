/**
 * Where the chat domain is composed: the store's actions, which bring the replies, tools and
 * attachments with them, are plugged into the store's seam (store/store-parts.ts) and load on
 * first use. The domain's door (src/chat/index.ts) imports this module, so whatever reaches the
 * store through the door finds its actions in place.
 */
import { provideStoreActions } from '../store';

provideStoreActions(() => import('../actions/store-actions'));
