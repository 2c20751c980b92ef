/**
 * Settings → Code (issue 36): what runs in Parley's sandbox, how long a run may take, and the one
 * address Python packages may come from. Each setting is saved as it is set (chat/sandbox's store).
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { getSandboxSettingsStore } from '../../../chat/sandbox/sandbox-settings';
import { registerMessages } from '../../../i18n';
import { codeSettings } from '../../../i18n/en/code-settings';
import { t } from '../shared/settings-text';
import { CodeToolPolicies } from './code-tool-policies';
import { PackagesAddressField } from './packages-address-field';
import { TimeLimitField } from './time-limit-field';
import './code-section.css';

registerMessages(codeSettings);

export default function CodeSection() {
  const id = useId();
  const store = getSandboxSettingsStore();
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => void store.init(), [store]);
  return (
    <section className="settings-section code-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('codeSettings.title')}</h3>
      </div>
      <p className="settings-hint">{t('codeSettings.intro')}</p>
      <TimeLimitField value={settings.timeLimitSeconds} onChange={(seconds) => void store.setTimeLimit(seconds)} />
      <PackagesAddressField value={settings.packagesAddress} onSave={(address) => void store.setPackagesAddress(address)} />
      <CodeToolPolicies />
    </section>
  );
}
