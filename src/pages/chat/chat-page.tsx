import type { RouteParams } from '../../router';
import { t } from '../../i18n';
import './chat-page.css';

export default function ChatPage({ params }: { params: RouteParams }) {
  const id = params.id ?? '';
  return (
    <section className="chat-page" aria-labelledby="chat-heading">
      <h1 id="chat-heading" tabIndex={-1}>
        {t('chat.heading', { id })}
      </h1>
    </section>
  );
}
