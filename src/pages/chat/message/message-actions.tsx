import { useEffect, useState, type Ref } from 'react';
import type { MessageRole } from '../../../chat';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { RegenerateMenu } from './regenerate-menu';

export const COPY_ICON = 'lucide:copy';
export const EDIT_ICON = 'lucide:pencil';
export const DELETE_ICON = 'lucide:trash-2';
export const PIN_ICON = 'lucide:pin';
export const UNPIN_ICON = 'lucide:pin-off';
export const SUMMARISE_ICON = 'lucide:fold-vertical';
export const COPIED_ICON = 'lucide:check';
/** How long a Copy button shows its check (and is named "Copied") before it reads Copy again. */
export const COPIED_SHOWN_MS = 2000;

type ButtonRef = Ref<HTMLButtonElement & HTMLAnchorElement>;

export interface MessageActionsProps {
  role: MessageRole;
  /** Resolves true once copied: the button then turns into a check named "Copied" for a moment. */
  onCopy(): Promise<boolean> | boolean | void;
  onEdit(): void;
  /** `model`: another model for this version only (Regenerate's menu). */
  onRegenerate(model?: string): void;
  /** Regenerate's "Compare with other models…" (issue 38); `trigger` gets focus back. */
  onCompare?(trigger: HTMLElement | null): void;
  /** The model that wrote the reply, named in Regenerate's menu. */
  model?: string;
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
export function MessageActions({ role, onCopy, onEdit, onRegenerate, onCompare, onDelete, editRef, pinned, onTogglePin, onSummarise, model }: MessageActionsProps) {
  const common = { size: 'sm', variant: 'ghost', color: 'neutral' } as const;
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if ((await onCopy()) === true) setCopied(true);
  };
  return (
    <div className="message-actions" role="group" aria-label={t('chat.message.actions')}>
      <Button
        {...common}
        icon={copied ? COPIED_ICON : COPY_ICON}
        label={copied ? t('chat.copy.done') : role === 'assistant' ? t('chat.message.copyReply') : t('chat.message.copy')}
        onClick={() => void copy()}
      />
      {role === 'user' && <Button {...common} ref={editRef} icon={EDIT_ICON} label={t('chat.message.edit')} onClick={onEdit} />}
      {role === 'assistant' && <RegenerateMenu model={model} onRegenerate={onRegenerate} onCompare={onCompare} />}
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
