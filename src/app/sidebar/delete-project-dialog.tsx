import { useRef } from 'react';
import type { LibraryProject } from '../../chat/types';
import { t } from '../../i18n';
import { tn } from '../../i18n/plural';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import type { ProjectChatsChoice } from './project-actions';
import { t as tp } from './projects-text';

export interface DeleteProjectDialogProps {
  /** The project to delete; null: closed. */
  project: LibraryProject | null;
  chatCount: number;
  onClose(): void;
  onDelete(project: LibraryProject, choice: ProjectChatsChoice): void;
}

/**
 * Deleting a project asks what happens to its chats: kept (they move out of the project) or
 * deleted with it. Either way the toast after it has Undo. Focus starts on Cancel, the safe choice.
 */
export function DeleteProjectDialog({ project, chatCount, onClose, onDelete }: DeleteProjectDialogProps) {
  const cancelRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const choose = (choice: ProjectChatsChoice) => {
    if (project) onDelete(project, choice);
    onClose();
  };
  return (
    <Dialog
      role="alertdialog"
      open={project !== null}
      onOpenChange={(open) => !open && onClose()}
      title={project ? tp('projects.deleteTitle', { name: project.name }) : ''}
      description={chatCount > 0 ? tn('projects.deleteDescription', chatCount) : tp('projects.deleteDescriptionEmpty')}
      size="sm"
      closeButton={false}
      initialFocus={cancelRef}
      className="delete-project"
      footer={
        <>
          <Button ref={cancelRef} variant="outline" color="neutral" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          {chatCount > 0 ? (
            <>
              <Button variant="outline" color="error" onClick={() => choose('delete')}>
                {tp('projects.deleteChats')}
              </Button>
              <Button color="error" onClick={() => choose('keep')}>
                {tp('projects.keepChats')}
              </Button>
            </>
          ) : (
            <Button color="error" onClick={() => choose('keep')}>
              {tp('projects.deleteOnly')}
            </Button>
          )}
        </>
      }
    />
  );
}
