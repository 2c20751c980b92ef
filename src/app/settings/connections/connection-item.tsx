import { useId } from 'react';
import { keyNeedsReentry, modelListOf, useConnectionsSnapshot, type Connection } from '../../../chat/connections';
import { t } from '../shared/settings-text';
import { explainModelError } from '../../../pages/shared/explain-model-error';
import { Icon } from '../../../ui/icon';
import { ConnectionEditor } from './connection-editor';
import { tn } from '../../../i18n/plural';

export interface ConnectionItemProps {
  connection: Connection;
  expanded: boolean;
  onToggle(): void;
  /** Focus the editor's first field when it appears. */
  autoFocus: boolean;
  onRemoved(): void;
}

/** What the list says about a connection's models without opening it. */
function useModelSummary(connection: Connection): { state: string; text: string } {
  const list = modelListOf(useConnectionsSnapshot(), connection.id);
  if (connection.pending) return { state: 'pending', text: t('settings.status.pending') };
  if (keyNeedsReentry(connection)) return { state: 'error', text: t('settings.status.reenter') };
  switch (list.status) {
    case 'loading':
      return { state: 'loading', text: t('settings.status.loading') };
    case 'ready':
      return { state: 'ready', text: tn('settings.status.models', list.ids.length) };
    case 'error':
      return { state: 'error', text: list.error ? explainModelError({ ...list.error, kind: connection.kind, api: connection.api, base: connection.baseUrl }).title : '' };
    default:
      return { state: 'idle', text: '' };
  }
}

/** A connection in the Settings list: a disclosure button (name, address, models) over its editor. */
export function ConnectionItem({ connection, expanded, onToggle, autoFocus, onRemoved }: ConnectionItemProps) {
  const panelId = useId();
  const summary = useModelSummary(connection);
  return (
    <li className="connection-item" data-state={expanded ? 'open' : 'closed'}>
      <button type="button" className="connection-item__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
        <Icon name="lucide:chevron-right" className="connection-item__chevron" />
        <span className="connection-item__name">{connection.name}</span>
        <span className="connection-item__url">{connection.baseUrl}</span>
        {summary.text && (
          <span className="connection-item__status" data-state={summary.state}>
            {summary.text}
          </span>
        )}
      </button>
      <div id={panelId} className="connection-item__panel" hidden={!expanded}>
        {expanded && <ConnectionEditor connection={connection} autoFocus={autoFocus} onRemoved={onRemoved} />}
      </div>
    </li>
  );
}
