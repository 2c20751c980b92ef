import { t } from '../../i18n';
import './home-page.css';

export default function HomePage() {
  return (
    <section className="home-page" aria-labelledby="home-heading">
      <h1 id="home-heading" tabIndex={-1}>
        {t('home.greeting')}
      </h1>
    </section>
  );
}
