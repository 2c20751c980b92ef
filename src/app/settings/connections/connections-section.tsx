import { useEffect, useId, useRef, useState } from 'react';
import { CONNECTION_PRESETS, getConnectionsStore, uniqueConnectionName, useConnections, type ApiPreset, type ConnectionPreset } from '../../../chat/connections';
import { API_PRESETS } from '../../../chat/connections/connection-apis';
import { t } from '../shared/settings-text';
import { Menu } from '../../../ui/menu';
import { ADD_BUTTON } from '../shared/add-button';
import { ConnectionItem } from './connection-item';

/**
 * The Settings dialog's list of connections: each one opens into its editor; "Add connection"
 * offers the presets. A connection just added opens with its name field focused.
 */
export function ConnectionsSection() {
  const store = getConnectionsStore();
  const connections = useConnections();
  const headingId = useId();
  // Folded, all of them: a card opens when the user opens it, or when it was just added to be filled in.
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const [addedId, setAddedId] = useState<string | null>(null);
  const [focusAdd, setFocusAdd] = useState(false);
  const addRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);

  useEffect(() => {
    // After a removal the item (and its confirm dialog) are gone: focus lands on a stable control.
    if (!focusAdd) return;
    setFocusAdd(false);
    addRef.current?.focus();
  }, [focusAdd]);

  const add = (preset: ConnectionPreset | ApiPreset) => {
    // Pending: the preset's address is a suggestion, asked nothing until the user confirms it.
    const name = uniqueConnectionName(preset.name, store.getSnapshot().connections);
    const api = 'api' in preset ? preset.api : undefined;
    const result = store.add({ name, kind: preset.kind, baseUrl: preset.baseUrl, pending: true, ...(api && { api }) });
    if (!result.ok) return;
    setExpandedId(result.connection.id);
    setAddedId(result.connection.id);
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="settings-section__header">
        <h3 id={headingId}>{t('settings.connections.title')}</h3>
        <Menu
          ref={addRef}
          {...ADD_BUTTON}
          align="end"
          items={[...CONNECTION_PRESETS, ...API_PRESETS].map((preset) => ({
            id: 'api' in preset ? `${preset.kind}-${preset.api}` : preset.kind,
            label: t('settings.add.preset', { name: preset.name, url: preset.baseUrl }),
            onSelect: () => add(preset),
          }))}
        >
          {t('settings.add.action')}
        </Menu>
      </div>
      {connections.length === 0 ? (
        <p className="settings-hint">{t('settings.connections.empty')}</p>
      ) : (
        <ul className="connection-list">
          {connections.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              expanded={expandedId === connection.id}
              autoFocus={addedId === connection.id}
              onToggle={() => {
                setAddedId(null);
                setExpandedId((current) => (current === connection.id ? null : connection.id));
              }}
              onRemoved={() => setFocusAdd(true)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
