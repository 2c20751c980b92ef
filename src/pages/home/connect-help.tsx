import type { Ref } from 'react';
import { t } from '../../i18n';
import { Icon } from '../../ui/icon';

/** Shown while no model server is connected: how to start one, instead of a failing Send. */
export function ConnectHelp({ attention, ref }: { attention: boolean; ref?: Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      className="connect-help"
      tabIndex={-1}
      aria-labelledby="connect-help-title"
      data-attention={attention ? '' : undefined}
    >
      <h2 id="connect-help-title">
        <Icon name="lucide:plug" /> {t('home.noModel.title')}
      </h2>
      <p>{t('home.noModel.body')}</p>
      <ul>
        <li>
          <code>{t('home.noModel.ollama')}</code>
        </li>
        <li>
          <code>{t('home.noModel.llamacpp')}</code>
        </li>
        <li>
          <code>{t('home.noModel.openai')}</code>
        </li>
      </ul>
    </section>
  );
}
