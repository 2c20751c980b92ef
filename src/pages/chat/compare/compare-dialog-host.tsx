// Where the Compare dialog (issue 38) opens on the chat page; its code loads with the first request,
// and focus goes back where the request came from when it closes.
import { Suspense, useEffect } from 'react';
import { withChunkStyles } from '../../../lib/chunk-styles';
import { lazyPart } from '../../../ui/lazy-part';
import { closeCompare, useCompareRequest } from './compare-request';

const CompareDialog = lazyPart(withChunkStyles('compare-dialog', () => import('./compare-dialog').then((module) => ({ default: module.CompareDialog }))));

export function CompareDialogHost({ chatId }: { chatId: string }) {
  const request = useCompareRequest();
  // Another chat's request (the page changed under it) is not this page's to show.
  useEffect(() => () => closeCompare(), [chatId]);
  if (request?.chatId !== chatId) return null;
  const close = () => {
    const back = request.returnTo;
    closeCompare();
    if (back?.isConnected) back.focus();
  };
  return (
    <Suspense fallback={null}>
      <CompareDialog request={request} onClose={close} />
    </Suspense>
  );
}
