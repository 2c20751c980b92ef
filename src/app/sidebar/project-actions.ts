/**
 * What the sidebar does to projects (issue 23): move a chat into or out of one, and delete one
 * with its chats kept outside or deleted too; every change can be undone from its toast.
 */
import { getChatStore, type Chat } from '../../chat';
import { getLibraryStore, MAX_NAME_CHARS } from '../../chat/library';
import type { LibraryProject } from '../../chat/types';
import { toast } from '../../ui/toast/toast-store';
import { undoAction } from '../../ui/toast/undo-hotkey';
import { t } from './projects-text';

export const MOVED_ICON = 'lucide:folder-input';
export const DELETED_PROJECT_ICON = 'lucide:trash-2';

/** Makes a project of the name typed (spaces tidied); undefined for a name left empty. */
export async function createProject(name: string | undefined): Promise<LibraryProject | undefined> {
  // No longer than a project's row may hold: its reader (backup, restore, sync) would refuse it.
  const trimmed = name?.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_CHARS);
  return trimmed ? getLibraryStore().createProject({ name: trimmed }) : undefined;
}

/** Puts `chat` in `project` (or out of any, with undefined); the toast's Undo puts it back. */
export async function moveChat(chat: Chat, project: LibraryProject | undefined, from?: LibraryProject): Promise<void> {
  if ((chat.projectId ?? undefined) === project?.id) return;
  const previous = chat.projectId;
  await getChatStore().updateChatSettings(chat.id, { projectId: project?.id });
  toast.add({
    title: project ? t('projects.moved', { name: project.name }) : t('projects.removed', { name: from?.name ?? '' }),
    description: chat.title,
    icon: MOVED_ICON,
    actions: [undoAction(t('projects.undo'), () => void getChatStore().updateChatSettings(chat.id, { projectId: previous }))],
  });
}

/** What deleting a project does with its chats. */
export type ProjectChatsChoice = 'keep' | 'delete';

/**
 * Deletes the project; its chats move out of it ('keep') or are deleted ('delete'). Undo brings
 * back the project and its chats as they were.
 */
export async function deleteProject(project: LibraryProject, chats: readonly Chat[], choice: ProjectChatsChoice): Promise<void> {
  // The project goes first: storage that refuses it leaves everything as it was (the store said so).
  const undoProject = await getLibraryStore().remove(project.id);
  if (!undoProject) return;
  const store = getChatStore();
  const undoChats: (() => Promise<void>)[] = [];
  for (const chat of chats) {
    if (choice === 'delete') undoChats.push(await store.deleteChat(chat.id));
    else {
      await store.updateChatSettings(chat.id, { projectId: undefined });
      undoChats.push(() => store.updateChatSettings(chat.id, { projectId: project.id }));
    }
  }
  toast.add({
    title: choice === 'delete' && chats.length > 0 ? t('projects.deletedWithChats') : t('projects.deleted'),
    description: project.name,
    icon: DELETED_PROJECT_ICON,
    actions: [
      undoAction(t('projects.undo'), () => {
        // The project first, so its chats never point at a project that isn't there.
        void (async () => {
          await undoProject();
          for (const undo of undoChats) await undo();
        })();
      }),
    ],
  });
}
