import { Suspense, useSyncExternalStore } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { lazyPart } from '../../ui/lazy-part';
import { storageNotice } from './storage-notice-state';

// The notice's code, strings and styles load the first time storage refuses a write.
const loadNotice = withChunkStyles('storage-notice', () => import('./storage-notice'));
const StorageNotice = lazyPart(() => loadNotice().then((module) => ({ default: module.StorageNotice })));

/** Where a page shows the storage notice: above its message box. Renders nothing while all is well. */
export function StorageNoticeSlot() {
  const state = useSyncExternalStore(storageNotice.subscribe, storageNotice.get, storageNotice.get);
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      <StorageNotice state={state} />
    </Suspense>
  );
}
