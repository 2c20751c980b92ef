import type { Message } from '../../chat';
import { t } from '../../i18n';
import { Icon } from '../../ui/icon';
import { thoughtSeconds } from './stats-format';

export const REASONING_ICON = 'lucide:brain';

export type ReasoningState = 'thinking' | 'done';

/** The model's reasoning, collapsed under its own toggle (a native disclosure: keyboard and AT for free). */
export function ReasoningBlock({ message }: { message: Pick<Message, 'reasoning' | 'content' | 'status' | 'timing'> }) {
  // Still reasoning while the reply streams and no answer text has arrived yet.
  const state: ReasoningState = message.status === 'streaming' && message.content === '' ? 'thinking' : 'done';
  const seconds = state === 'done' ? thoughtSeconds(message) : undefined;
  const summary =
    state === 'thinking' ? t('chat.reasoning.thinking') : seconds !== undefined ? t('chat.reasoning.thoughtFor', { seconds }) : t('chat.reasoning.label');
  return (
    <details className="reasoning" data-state={state}>
      <summary className="reasoning__summary">
        <Icon name={REASONING_ICON} className="reasoning__icon" />
        <span>{summary}</span>
      </summary>
      <div className="reasoning__text">{message.reasoning}</div>
    </details>
  );
}
