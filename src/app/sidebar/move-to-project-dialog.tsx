import { useEffect, useState } from 'react';
import type { Chat } from '../../chat';
import type { LibraryProject } from '../../chat/types';
import { Button } from '../../ui/button';
import { Dialog, type FocusFallback } from '../../ui/dialog';
import { t } from './projects-text';
import { RenameField } from './rename-field';

export interface MoveToProjectDialogProps {
  /** The chat being moved; null: closed. */
  chat: Chat | null;
  projects: readonly LibraryProject[];
  onClose(): void;
  /** A project chosen, or undefined for "Remove from project". */
  onMove(chat: Chat, project: LibraryProject | undefined): void;
  /** "New project…": a project of this name is made and the chat moved into it. */
  onCreate(chat: Chat, name: string): void;
  /** Where focus goes on close when the entry it came from has gone (moved elsewhere in the list). */
  focusFallback?: FocusFallback;
}

/**
 * "Move to project…" from a chat's menu: each project a button (the chat's own marked and not
 * choosable), and "Remove from project" when it is in one. Buttons in a list, so Tab and Enter
 * are all a keyboard needs; Escape closes. "New project…" names a new one in place and moves the
 * chat there (issue 33): the project a chat needs may not exist yet.
 */
export function MoveToProjectDialog({ chat, projects, onClose, onMove, onCreate, focusFallback }: MoveToProjectDialogProps) {
  const current = chat?.projectId;
  const [naming, setNaming] = useState(false);
  // Each opening starts with the list, not a name field left from the last.
  useEffect(() => setNaming(false), [chat]);
  const named = (name: string | undefined) => {
    setNaming(false);
    const trimmed = name?.trim();
    if (chat && trimmed) onCreate(chat, trimmed);
  };
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
      {naming ? (
        <RenameField className="move-to-project__name" aria-label={t('projects.nameLabel')} initialTitle="" placeholder={t('projects.untitled')} onDone={named} />
      ) : (
        <Button className="move-to-project__choice move-to-project__new" variant="ghost" color="neutral" icon="lucide:folder-plus" onClick={() => setNaming(true)}>
          {t('projects.newInMove')}
        </Button>
      )}
      {current && (
        <Button className="move-to-project__out" variant="outline" color="neutral" icon="lucide:folder-output" onClick={() => chat && onMove(chat, undefined)}>
          {t('projects.removeFrom')}
        </Button>
      )}
    </Dialog>
  );
}
