import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './app/boot';
import { preloadFirstPage } from './app/routes';
import './styles/tokens.css';
import './styles/base.css';

const mount = document.querySelector<HTMLElement>('main#app');
if (!mount) throw new Error('Parley needs a <main id="app"> element to mount on');
boot();
// Not a top-level await: every lazy chunk imports this module (src/lib/start-chunk-plugin.mjs),
// so the page's import could not finish before this module had.
void preloadFirstPage(location.pathname).then(() => createRoot(mount).render(<App />));
