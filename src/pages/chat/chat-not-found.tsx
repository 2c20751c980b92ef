import { useEffect } from 'react';
import { t } from './chat-text';
import { Link } from '../../router';
import { paths } from '../paths';
import { MenuBar } from '../shared';
import '../route-error/status-page.css';

/** An address whose chat doesn't exist (mistyped, or deleted here or in another tab). */
export function ChatNotFound() {
  useEffect(() => {
    document.title = `${t('chat.notFound.title')} · ${t('app.name')}`;
  }, []);
  return (
    <>
      <MenuBar />
      <section className="status-page" aria-labelledby="chat-not-found-heading" data-state="missing">
        <h1 id="chat-not-found-heading" tabIndex={-1}>
          {t('chat.notFound.title')}
        </h1>
        <p>{t('chat.notFound.body')}</p>
        <Link to={paths.home.href()}>{t('chat.notFound.home')}</Link>
      </section>
    </>
  );
}
