// "A new version of Parley is ready — Reload" (issue 26), said only while nothing would be lost
// or interrupted by a reload: no reply streaming (in any tab) and no dialog open.
import { getChatStore } from '../../chat';
import { registerMessages, t } from '../../i18n';
import { offline } from '../../i18n/en/offline';
import { toast } from '../../ui/toast/toast-store';

registerMessages(offline);

export const UPDATE_TOAST_ID = 'app-update';

/** What the announcement needs of the page; tests pass their own. */
export interface QuietSources {
  replying(): boolean;
  subscribeReplies(listener: () => void): () => void;
  /** The element whose subtree holds the dialogs (native <dialog open>, ui/dialog). */
  root: Element;
}

const defaultSources = (): QuietSources => {
  const store = getChatStore();
  return { replying: () => store.getSnapshot().replyingChats.size > 0, subscribeReplies: (listener) => store.subscribe(listener), root: document.body };
};

/** Runs `then` once no reply streams and no dialog is open: at once if that is so now. */
export function whenQuiet(then: () => void, sources: QuietSources = defaultSources()): void {
  const quiet = () => !sources.replying() && sources.root.querySelector('dialog[open]') === null;
  if (quiet()) return then();
  const check = () => {
    if (!quiet()) return;
    unsubscribe();
    observer.disconnect();
    then();
  };
  const unsubscribe = sources.subscribeReplies(check);
  const observer = new MutationObserver(check);
  observer.observe(sources.root, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
}

/** Shows the update toast once it is quiet; it stays until Reload (which runs `reload`) or Close. */
export function announceUpdate(reload: () => void, sources?: QuietSources): void {
  whenQuiet(
    () =>
      toast.add({
        id: UPDATE_TOAST_ID,
        title: t('offline.updateReady'),
        icon: 'lucide:refresh-cw',
        color: 'info',
        duration: 0,
        actions: [{ label: t('offline.reload'), onClick: reload }],
      }),
    sources,
  );
}
