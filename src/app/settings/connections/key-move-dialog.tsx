import { useRef } from 'react';
import { t } from '../shared/settings-text';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';

export type KeyMoveAnswer = 'keep' | 'remove' | 'cancel';

export interface KeyMoveDialogProps {
  /** The address being confirmed; null: closed. */
  to: string | null;
  /** The address the key was confirmed for. */
  from: string;
  onAnswer(answer: KeyMoveAnswer): void;
}

/**
 * Asked when a connection that has an API key gets a new address: the key goes to the new server
 * only if the user says so. Three answers, so Escape (Cancel, where focus starts) changes nothing:
 * the address goes back and no request is made.
 */
export function KeyMoveDialog({ to, from, onAnswer }: KeyMoveDialogProps) {
  const cancelRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  return (
    <Dialog
      role="alertdialog"
      open={to !== null}
      onOpenChange={(open) => {
        if (!open) onAnswer('cancel');
      }}
      // React bubbles a nested <dialog>'s cancel and close events to the Settings dialog around
      // it, which would take them as its own Escape and close too.
      onCancel={(event) => event.stopPropagation()}
      onClose={(event) => event.stopPropagation()}
      title={t('settings.keyMove.title')}
      description={t('settings.keyMove.body', { from, to: to ?? '' })}
      size="sm"
      closeButton={false}
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="ghost" color="neutral" onClick={() => onAnswer('cancel')}>
            {t('settings.keyMove.cancel')}
          </Button>
          <Button variant="outline" color="neutral" onClick={() => onAnswer('remove')}>
            {t('settings.keyMove.remove')}
          </Button>
          <Button onClick={() => onAnswer('keep')}>{t('settings.keyMove.keep')}</Button>
        </>
      }
    />
  );
}
