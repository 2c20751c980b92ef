import type { Message } from '../../chat';
import { t } from '../../i18n';
import { messageStats } from './stats-format';

/** Time to first token, speed and tokens used under a finished reply; nothing when none is known. */
export function MessageStats({ message }: { message: Pick<Message, 'usage' | 'timing'> }) {
  const stats = messageStats(message);
  if (stats.length === 0) return null;
  return (
    <ul className="message-stats" aria-label={t('chat.stats.label')}>
      {stats.map((stat) => (
        <li key={stat.kind} data-kind={stat.kind}>
          {stat.text}
        </li>
      ))}
    </ul>
  );
}
