import type { Ref } from 'react';
import type { MessageRole } from '../../chat';
import { t } from './chat-text';
import { Button } from '../../ui/button';

export const COPY_ICON = 'lucide:copy';
export const EDIT_ICON = 'lucide:pencil';
export const REGENERATE_ICON = 'lucide:refresh-cw';
export const DELETE_ICON = 'lucide:trash-2';
export const PIN_ICON = 'lucide:pin';
export const UNPIN_ICON = 'lucide:pin-off';
export const SUMMARISE_ICON = 'lucide:fold-vertical';

type ButtonRef = Ref<HTMLButtonElement & HTMLAnchorElement>;

export interface MessageActionsProps {
  role: MessageRole;
  onCopy(): unknown;
  onEdit(): void;
  onRegenerate(): void;
  onDelete(): unknown;
  /** Pinned: compaction sends it verbatim (issue 24). */
  pinned?: boolean;
  onTogglePin?(): void;
  /** "Summarise up to here": a compaction marker after this message. */
  onSummarise?(): void;
  /** The Edit button, so focus can return to it when editing is cancelled. */
  editRef?: ButtonRef;
}

/** A message's icon buttons: copy, edit (yours) or regenerate (replies), pin, summarise up to here, delete. Each has a tooltip. */
export function MessageActions({ role, onCopy, onEdit, onRegenerate, onDelete, editRef, pinned, onTogglePin, onSummarise }: MessageActionsProps) {
  const common = { size: 'sm', variant: 'ghost', color: 'neutral' } as const;
  return (
    <div className="message-actions" role="group" aria-label={t('chat.message.actions')}>
      <Button {...common} icon={COPY_ICON} label={role === 'assistant' ? t('chat.message.copyReply') : t('chat.message.copy')} onClick={onCopy} />
      {role === 'user' && <Button {...common} ref={editRef} icon={EDIT_ICON} label={t('chat.message.edit')} onClick={onEdit} />}
      {role === 'assistant' && <Button {...common} icon={REGENERATE_ICON} label={t('chat.message.regenerate')} onClick={onRegenerate} />}
      {onTogglePin && (
        <Button
          {...common}
          icon={pinned ? UNPIN_ICON : PIN_ICON}
          label={pinned ? t('compaction.action.unpin') : t('compaction.action.pin')}
          aria-pressed={pinned ?? false}
          onClick={onTogglePin}
        />
      )}
      {onSummarise && <Button {...common} icon={SUMMARISE_ICON} label={t('compaction.action.summariseHere')} onClick={onSummarise} />}
      <Button {...common} icon={DELETE_ICON} label={t('chat.message.delete')} onClick={onDelete} />
    </div>
  );
}
