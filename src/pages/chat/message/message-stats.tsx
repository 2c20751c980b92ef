import { t } from '../chat-text';
import { Tooltip } from '../../../ui/tooltip';
import { messageStats, type FiguresMessage, type Stat } from './stats-format';

/** A figure with more to say (the prompt behind the reply's tokens) is focusable, so keyboard users get its tooltip too. */
function StatText({ stat }: { stat: Stat }) {
  if (!stat.description) return <>{stat.text}</>;
  return (
    <Tooltip content={stat.description}>
      <span className="message-stats__detail touch-hit" tabIndex={0}>
        {stat.text}
      </span>
    </Tooltip>
  );
}

/** Time to first token, speed and the reply's tokens under a finished reply; nothing when none is known. */
export function MessageStats({ message }: { message: FiguresMessage }) {
  const stats = messageStats(message);
  if (stats.length === 0) return null;
  return (
    <ul className="message-stats" aria-label={t('chat.stats.label')}>
      {stats.map((stat) => (
        <li key={stat.kind} data-kind={stat.kind}>
          <StatText stat={stat} />
        </li>
      ))}
    </ul>
  );
}
