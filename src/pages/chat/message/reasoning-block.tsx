import { useState, type SyntheticEvent } from 'react';
import type { Message } from '../../../chat';
import { t } from '../chat-text';
import { Icon } from '../../../ui/icon';
import { thoughtSeconds, type FiguresMessage } from './stats-format';

export const REASONING_ICON = 'lucide:brain';
/** Points right when closed and turns down when open, like every disclosure. */
export const DISCLOSURE_ICON = 'lucide:chevron-right';

export type ReasoningState = 'thinking' | 'done';

/**
 * The model's reasoning under its own toggle (a native disclosure: keyboard and AT for free).
 * It is open while the model thinks, so the wait shows its progress, and folds away once the
 * answer starts; after the reader opens or closes it themselves, their choice stands.
 */
export function ReasoningBlock({ message }: { message: FiguresMessage & Pick<Message, 'status'> }) {
  // Still reasoning while the reply streams and no answer text has arrived yet.
  const state: ReasoningState = message.status === 'streaming' && message.content === '' ? 'thinking' : 'done';
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? state === 'thinking';
  // The toggle event also follows our own changes to `open`; only a difference is the reader's doing.
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open !== open) setChosen(event.currentTarget.open);
  };
  const seconds = state === 'done' ? thoughtSeconds(message) : undefined;
  const summary =
    state === 'thinking' ? t('chat.reasoning.thinking') : seconds !== undefined ? t('chat.reasoning.thoughtFor', { seconds }) : t('chat.reasoning.label');
  return (
    <details className="reasoning" data-state={state} open={open} onToggle={onToggle}>
      <summary className="reasoning__summary">
        <Icon name={REASONING_ICON} className="reasoning__icon" />
        <span>{summary}</span>
        <Icon name={DISCLOSURE_ICON} className="reasoning__chevron" />
      </summary>
      <div className="reasoning__text">{message.reasoning}</div>
    </details>
  );
}
