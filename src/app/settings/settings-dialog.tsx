import { t } from './settings-text';
import { useConnectionsSnapshot } from '../../chat/connections';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { ConnectionsSection } from './connections-section';
import { DataSection } from './data-section';
import { DefaultModelField } from './default-model-field';
import { EnterKeyField } from './enter-key-field';
import { SyncSection } from './sync-section';
import { TitleSettingsSection } from './title-settings-section';
import { ToolsSection } from './tools-section';
import './settings-dialog.css';

export interface SettingsDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/**
 * Settings (issue 5): the connections to model servers, the default model, chat titles and, under Data
 * (issue 14), storage, backup and restore. Changes are saved
 * as they are made, so closing the dialog never loses one.
 */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const { status } = useConnectionsSnapshot();
  return (
    <Dialog
      className="settings-dialog"
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('settings.title')}
      description={t('settings.description')}
      footer={<Button onClick={() => onOpenChange(false)}>{t('settings.done')}</Button>}
    >
      {status === 'loading' ? (
        <p className="settings-hint" role="status">
          {t('settings.loading')}
        </p>
      ) : (
        <>
          <ConnectionsSection />
          <DefaultModelField />
          <TitleSettingsSection />
          <EnterKeyField />
          <ToolsSection />
          <DataSection />
          <SyncSection />
        </>
      )}
    </Dialog>
  );
}
