import type { ReactNode } from 'react';
import { Link } from '../router';
import { paths } from '../pages/paths';
import { t } from '../i18n';
import './layout.css';

/** CONTENT_ID is the skip link's target. */
const CONTENT_ID = 'content';

/** The default layout: the navigation sidebar and one content area for the route's screen. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <a className="layout__skip" href={`#${CONTENT_ID}`}>
        {t('app.skipToContent')}
      </a>
      <nav className="sidebar" aria-label={t('nav.label')}>
        <Link to={paths.home.href()} className="sidebar__brand" aria-label={t('nav.home')}>
          {t('app.name')}
        </Link>
        <Link to={paths.home.href()} className="sidebar__new-chat">
          {t('nav.newChat')}
        </Link>
      </nav>
      <div className="layout__content" id={CONTENT_ID} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}
