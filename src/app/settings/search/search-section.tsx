/**
 * Settings → Search (issue 37): whether new chats search the web (the chat defaults' switch), where
 * searches go, and the user's SearXNG address with a Check that says what is wrong and how to fix
 * it. Each setting is saved as it is set (chat/web-search's store); nothing is fetched but by Check.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { getLibraryStore, settingsOf, useLibrary } from '../../../chat/library';
import { getSearchSettingsStore, type SearchRouteChoice } from '../../../chat/web-search';
import { registerMessages } from '../../../i18n';
import { webSearchSettings } from '../../../i18n/en/web-search-settings';
import { t } from '../shared/settings-text';
import { SearxngAddressField } from './searxng-address-field';
import './search-section.css';

registerMessages(webSearchSettings);

const ROUTES: readonly SearchRouteChoice[] = ['auto', 'searxng'];

export default function SearchSection() {
  const id = useId();
  const store = getSearchSettingsStore();
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => void store.init(), [store]);
  // The default is the chat defaults' (a project can set its own), kept with them: backed up and synced.
  const defaults = useLibrary().defaults;
  const setDefaultOn = (on: boolean) => void getLibraryStore().setDefaults({ ...settingsOf(defaults), webSearch: on });
  return (
    <section className="settings-section search-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('webSearchSettings.title')}</h3>
      </div>
      <p className="settings-hint">{t('webSearchSettings.intro')}</p>
      <div className="settings-field">
        <label className="settings-switch">
          <input type="checkbox" role="switch" checked={defaults?.webSearch === true} aria-describedby={`${id}defaultHint`} onChange={(event) => setDefaultOn(event.target.checked)} />
          <span>{t('webSearchSettings.defaultOn')}</span>
        </label>
        <p id={`${id}defaultHint`} className="settings-hint">
          {t('webSearchSettings.defaultOnHint')}
        </p>
      </div>
      <fieldset className="settings-field settings-choice" aria-describedby={`${id}routeHint`}>
        <legend>{t('webSearchSettings.route.legend')}</legend>
        {ROUTES.map((route) => (
          <label key={route} className="settings-check">
            <input type="radio" name={`${id}route`} value={route} checked={settings.route === route} onChange={() => void store.setRoute(route)} />
            {t(`webSearchSettings.route.${route}`)}
          </label>
        ))}
        <p id={`${id}routeHint`} className="settings-hint">
          {t('webSearchSettings.route.hint')}
        </p>
      </fieldset>
      <SearxngAddressField value={settings.searxngUrl} onSave={(address) => void store.setSearxngUrl(address)} />
      <p className="settings-hint">{t('webSearchSettings.mcp')}</p>
    </section>
  );
}
