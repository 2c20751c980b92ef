import type { Ref } from 'react';
import type { Connection } from '../../chat/connections';
import { t, type MessageKey } from './onboarding-text';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { requestSettings, useSettingsAvailable } from '../shared';
import { LocalServerOffer } from './local-server-offer';

/** How to start each kind of server: its name and what to run or do (the page's origin goes into Ollama's). */
const SERVER_STEPS: readonly { name: MessageKey; step: MessageKey; code: boolean }[] = [
  { name: 'home.connect.ollama', step: 'home.connect.ollamaStep', code: true },
  { name: 'home.connect.llamacpp', step: 'home.connect.llamacppStep', code: true },
  { name: 'home.connect.lmstudio', step: 'home.connect.lmstudioStep', code: false },
  { name: 'home.connect.vllm', step: 'home.connect.vllmStep', code: true },
  { name: 'home.connect.hosted', step: 'home.connect.hostedStep', code: false },
];

export interface ConnectHelpProps {
  /** Send was pressed without a model: draw the eye here. */
  attention: boolean;
  onConnected?: (connection: Connection) => void;
  ref?: Ref<HTMLElement>;
}

/** Shown while no model server is connected (SPEC B3): how to start one, and a one-click offer for a local one. */
export default function ConnectHelp({ attention, onConnected, ref }: ConnectHelpProps) {
  const settings = useSettingsAvailable();
  const origin = typeof location === 'undefined' ? '' : location.origin;
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
      <p>{t('home.connect.intro')}</p>
      <LocalServerOffer onConnected={onConnected} />
      <dl className="connect-help__servers">
        {SERVER_STEPS.map(({ name, step, code }) => (
          <div key={name}>
            <dt>{t(name)}</dt>
            <dd>{code ? <code>{t(step, { origin })}</code> : t(step)}</dd>
          </div>
        ))}
      </dl>
      {settings && (
        <Button variant="outline" color="neutral" icon="lucide:settings" onClick={() => requestSettings('connections')}>
          {t('home.connect.openSettings')}
        </Button>
      )}
    </section>
  );
}
