import { useChats, type Chat } from '../../chat';
import { t } from '../../i18n';
import { Link } from '../../router';
import { paths } from '../paths';
import { dayLabel } from '../shared/day-label';

/** How many recent chats the home page lists; the sidebar has the rest. */
export const RECENT_CHATS_SHOWN = 5;

/** Chats as links with their day, newest first: the home page's recent chats, a project's chats. */
export function ChatLinks({ chats }: { chats: readonly Chat[] }) {
  const now = new Date();
  return (
    <ul>
      {chats.map((chat) => (
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
  );
}

export function RecentChats() {
  const chats = useChats();
  if (chats.length === 0) return null;
  return (
    <section className="recent-chats" aria-labelledby="recent-chats-title">
      <h2 id="recent-chats-title">{t('home.recent')}</h2>
      <ChatLinks chats={chats.slice(0, RECENT_CHATS_SHOWN)} />
    </section>
  );
}
