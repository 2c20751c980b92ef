import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { boot } from './app/boot';
import './styles/tokens.css';
import './styles/base.css';

const mount = document.querySelector<HTMLElement>('main#app');
if (!mount) throw new Error('Parley needs a <main id="app"> element to mount on');
boot();
createRoot(mount).render(<App />);
