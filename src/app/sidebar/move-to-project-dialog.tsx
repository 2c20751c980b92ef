import type { Chat } from '../../chat';
import type { LibraryProject } from '../../chat/types';
import { Button } from '../../ui/button';
import { Dialog, type FocusFallback } from '../../ui/dialog';
import { t } from './projects-text';

export interface MoveToProjectDialogProps {
  /** The chat being moved; null: closed. */
  chat: Chat | null;
  projects: readonly LibraryProject[];
  onClose(): void;
  /** A project chosen, or undefined for "Remove from project". */
  onMove(chat: Chat, project: LibraryProject | undefined): void;
  /** Where focus goes on close when the entry it came from has gone (moved elsewhere in the list). */
  focusFallback?: FocusFallback;
}

/**
 * "Move to project…" from a chat's menu: each project a button (the chat's own marked and not
 * choosable), and "Remove from project" when it is in one. Buttons in a list, so Tab and Enter
 * are all a keyboard needs; Escape closes.
 */
export function MoveToProjectDialog({ chat, projects, onClose, onMove, focusFallback }: MoveToProjectDialogProps) {
  const current = chat?.projectId;
  return (
    <Dialog
      open={chat !== null}
      onOpenChange={(open) => !open && onClose()}
      title={chat ? t('projects.moveTitle', { title: chat.title }) : ''}
      size="sm"
      className="move-to-project"
      focusFallback={focusFallback}
    >
      {projects.length === 0 ? (
        <p className="move-to-project__none">{t('projects.moveNone')}</p>
      ) : (
        <ul className="move-to-project__list">
          {projects.map((project) => (
            <li key={project.id}>
              <Button
                className="move-to-project__choice"
                variant="ghost"
                color="neutral"
                icon="lucide:folder"
                disabled={project.id === current}
                onClick={() => chat && onMove(chat, project)}
              >
                {project.id === current ? t('projects.current', { name: project.name }) : project.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {current && (
        <Button className="move-to-project__out" variant="outline" color="neutral" icon="lucide:folder-output" onClick={() => chat && onMove(chat, undefined)}>
          {t('projects.removeFrom')}
        </Button>
      )}
    </Dialog>
  );
}
