import type { Chat } from '../../chat';
import type { LibraryProject } from '../../chat/types';
import { projectIdOf } from '../../pages/home/project-query';
import { paths } from '../../pages/paths';
import { Icon } from '../../ui/icon';
import { t } from '../sidebar/projects-text';

/**
 * The project a search may be kept to (issue 23): the one whose page is open (`/?project=`),
 * or the project of the chat on screen. Undefined elsewhere, or for a project that is gone.
 */
export function scopeProjectOf(path: string, search: string, chats: readonly Chat[], projects: readonly LibraryProject[]): LibraryProject | undefined {
  let id: string | null | undefined;
  if (path === paths.home.href()) id = projectIdOf(search);
  else {
    const chatId = /^\/chat\/([^/]+)$/.exec(path)?.[1];
    id = chatId === undefined ? undefined : chats.find((chat) => chat.id === decodeURIComponent(chatId))?.projectId;
  }
  return id ? projects.find((project) => project.id === id) : undefined;
}

/** The "In <project>" chip beside the search field: pressed, only the project's chats are listed. A toggle button, reached by Tab. */
export function ProjectScope({ name, pressed, onPressedChange }: { name: string; pressed: boolean; onPressedChange(pressed: boolean): void }) {
  return (
    <button
      type="button"
      className="search-palette__scope"
      aria-pressed={pressed}
      title={t('projects.search.scopeHelp', { name })}
      onClick={() => onPressedChange(!pressed)}
    >
      <Icon name={pressed ? 'lucide:folder-check' : 'lucide:folder'} className="search-palette__scope-icon" />
      <span className="search-palette__scope-name">{t('projects.search.in', { name })}</span>
    </button>
  );
}
