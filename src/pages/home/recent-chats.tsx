import { useChats } from '../../chat';
import { t } from '../../i18n';
import { Link } from '../../router';
import { paths } from '../paths';

/** How many recent chats the home page lists; the sidebar has the rest. */
export const RECENT_CHATS_SHOWN = 5;

const timeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago", "yesterday": when a chat was last active. */
function ago(then: number, now: number): string {
  const diff = then - now;
  if (-diff < HOUR) return timeFormat.format(Math.round(diff / MINUTE), 'minute');
  if (-diff < DAY) return timeFormat.format(Math.round(diff / HOUR), 'hour');
  return timeFormat.format(Math.round(diff / DAY), 'day');
}

export function RecentChats() {
  const chats = useChats();
  if (chats.length === 0) return null;
  const now = Date.now();
  return (
    <section className="recent-chats" aria-labelledby="recent-chats-title">
      <h2 id="recent-chats-title">{t('home.recent')}</h2>
      <ul>
        {chats.slice(0, RECENT_CHATS_SHOWN).map((chat) => (
          <li key={chat.id}>
            <Link to={paths.chat.href(chat.id)} className="recent-chats__link">
              <span className="recent-chats__title">{chat.title}</span>
              <span className="recent-chats__time">{ago(chat.updatedAt, now)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
