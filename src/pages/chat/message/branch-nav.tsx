import { useLayoutEffect, useRef } from 'react';
import { getChatStore } from '../../../chat';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { useThreadServices } from '../thread/thread-context';

export const PREVIOUS_VERSION_ICON = 'lucide:chevron-left';
export const NEXT_VERSION_ICON = 'lucide:chevron-right';

export interface BranchNavProps {
  /** The parent the versions share (null for first messages): it names the control across versions. */
  parentId: string | null;
  index: number;
  total: number;
  previousId?: string;
  nextId?: string;
}

type Direction = 'previous' | 'next';

/**
 * `‹ 2/3 ›` between the versions of a message (its edits or regenerations). The ends are
 * aria-disabled rather than disabled so that focus, carried over to the sibling, can rest there.
 */
export function BranchNav({ parentId, index, total, previousId, nextId }: BranchNavProps) {
  const services = useThreadServices();
  const previousRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const nextRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const keyOf = (direction: Direction) => `branch:${parentId ?? ''}:${direction}`;

  // This message just replaced the sibling whose button was pressed: take over its focus.
  useLayoutEffect(() => {
    if (services.takeFocus(keyOf('previous'))) previousRef.current?.focus();
    else if (services.takeFocus(keyOf('next'))) nextRef.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the version appears

  const go = (direction: Direction, targetId: string | undefined) => {
    if (!targetId) return;
    const position = direction === 'previous' ? index - 1 : index + 1;
    services.requestFocus(keyOf(direction));
    services.announce(t('chat.branch.announce', { index: position, total }));
    void getChatStore().selectBranch(services.chatId, targetId);
  };

  return (
    <div className="branch-nav" role="group" aria-label={t('chat.branch.label')}>
      <Button
        ref={previousRef}
        size="xs"
        variant="ghost"
        color="neutral"
        icon={PREVIOUS_VERSION_ICON}
        label={t('chat.branch.previous')}
        aria-disabled={!previousId || undefined}
        onClick={() => go('previous', previousId)}
      />
      <span className="branch-nav__position">{t('chat.branch.position', { index, total })}</span>
      <Button
        ref={nextRef}
        size="xs"
        variant="ghost"
        color="neutral"
        icon={NEXT_VERSION_ICON}
        label={t('chat.branch.next')}
        aria-disabled={!nextId || undefined}
        onClick={() => go('next', nextId)}
      />
    </div>
  );
}
