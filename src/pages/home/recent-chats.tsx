import { useChats } from '../../chat';
import { t } from '../../i18n';
import { Link } from '../../router';
import { paths } from '../paths';
import { dayLabel } from '../shared/day-label';

/** How many recent chats the home page lists; the sidebar has the rest. */
export const RECENT_CHATS_SHOWN = 5;

export function RecentChats() {
  const chats = useChats();
  if (chats.length === 0) return null;
  const now = new Date();
  return (
    <section className="recent-chats" aria-labelledby="recent-chats-title">
      <h2 id="recent-chats-title">{t('home.recent')}</h2>
      <ul>
        {chats.slice(0, RECENT_CHATS_SHOWN).map((chat) => (
          <li key={chat.id}>
            <Link to={paths.chat.href(chat.id)} className="recent-chats__link">
              <span className="recent-chats__title">{chat.title}</span>
              <time className="recent-chats__time" dateTime={new Date(chat.updatedAt).toISOString()}>
                {dayLabel(chat.updatedAt, now)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
