import { memo, useId, useState } from 'react';
import type { Chat } from '../../chat';
import type { LibraryProject } from '../../chat/types';
import { PROJECT_COMPOSER_ID, projectHref } from '../../pages/home/project-query';
import { paths } from '../../pages/paths';
import { Link, useNavigate } from '../../router';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { Menu, type MenuItem } from '../../ui/menu';
import { ChatEntry } from './chat-entry';
import { focusWhenReady } from './focus-when-ready';
import { createProject } from './project-actions';
import { RenameField } from './rename-field';
import { DROP_ATTRIBUTE } from './use-chat-drag';
import { t } from './projects-text';
import './sidebar-projects.css';

export interface SidebarProjectsProps {
  projects: readonly LibraryProject[];
  /** Each project's chats, newest first. */
  chatsOf: ReadonlyMap<string, readonly Chat[]>;
  folded: ReadonlySet<string>;
  setOpen(id: string, open: boolean): void;
  /** The address on screen (path and query): marks the open project and chat. */
  path: string;
  search: string;
  /** The project a dragged chat hovers over. */
  dropTarget?: string;
  onDelete(project: LibraryProject): void;
}

const ProjectItem = memo(function ProjectItem({
  project,
  chats,
  open,
  setOpen,
  current,
  path,
  dropping,
  onDelete,
}: {
  project: LibraryProject;
  chats: readonly Chat[];
  open: boolean;
  setOpen(id: string, open: boolean): void;
  current: boolean;
  path: string;
  dropping: boolean;
  onDelete(project: LibraryProject): void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const items: MenuItem[] = [
    {
      id: 'new-chat',
      label: t('projects.newChat'),
      icon: 'lucide:square-pen',
      onSelect() {
        navigate(projectHref(project.id));
        focusWhenReady(PROJECT_COMPOSER_ID);
      },
    },
    { id: 'delete', label: t('projects.delete'), icon: 'lucide:trash-2', color: 'error', onSelect: () => onDelete(project) },
  ];
  return (
    <li className="sidebar-project" {...{ [DROP_ATTRIBUTE]: project.id }} data-state={open ? 'open' : 'folded'} data-drop={dropping ? 'over' : undefined}>
      <div className="sidebar-project__row" data-state={current ? 'active' : 'idle'}>
        <button
          type="button"
          className="sidebar-project__fold"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-label={open ? t('projects.fold', { name: project.name }) : t('projects.unfold', { name: project.name })}
          onClick={() => setOpen(project.id, !open)}
        >
          <Icon name={open ? 'lucide:folder-open' : 'lucide:folder'} />
        </button>
        <Link to={projectHref(project.id)} className="sidebar-project__link" aria-current={current ? 'page' : undefined} title={project.name}>
          {project.name}
        </Link>
        <Menu
          className="sidebar-project__menu"
          items={items}
          align="end"
          icon="lucide:ellipsis"
          label={t('projects.options', { name: project.name })}
          variant="ghost"
          color="neutral"
          size="xs"
        />
      </div>
      {open &&
        (chats.length > 0 ? (
          <ul id={listId} className="chat-group__list sidebar-project__chats" aria-label={project.name}>
            {chats.map((chat) => (
              <ChatEntry key={chat.id} chat={chat} active={path === paths.chat.href(chat.id)} />
            ))}
          </ul>
        ) : (
          <p id={listId} className="sidebar-project__empty">
            {t('projects.noChats')}
          </p>
        ))}
    </li>
  );
});

/**
 * The sidebar's projects (issue 23), above the history: "New project" (a name, then the
 * project's page), and each project folded or open with its chats. A project's row is where a
 * dragged chat is dropped.
 */
export function SidebarProjects({ projects, chatsOf, folded, setOpen, path, search, dropTarget, onDelete }: SidebarProjectsProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const [naming, setNaming] = useState(false);
  const currentProject = path === paths.home.href() ? new URLSearchParams(search).get('project') : null;

  const create = async (name: string | undefined) => {
    setNaming(false);
    const project = await createProject(name);
    if (project) navigate(projectHref(project.id));
  };

  // The heading and "New project" the same with no project yet as with some: the button stays
  // where it is when the first project appears (issue 33).
  return (
    <div className="sidebar-projects" data-state={projects.length > 0 ? 'some' : 'none'}>
      <div className="sidebar-projects__header">
        <h2 id={headingId} className="chat-group__heading sidebar-projects__heading">
          {t('projects.heading')}
        </h2>
        <Button className="sidebar-projects__new" icon="lucide:folder-plus" variant="ghost" color="neutral" size="xs" disabled={naming} onClick={() => setNaming(true)}>
          {t('projects.new')}
        </Button>
      </div>
      {naming && (
        <RenameField
          className="chat-entry__rename sidebar-projects__name"
          aria-label={t('projects.nameLabel')}
          initialTitle=""
          placeholder={t('projects.untitled')}
          onDone={(name) => void create(name)}
        />
      )}
      {projects.length > 0 && (
        <ul className="sidebar-projects__list" aria-labelledby={headingId}>
          {projects.map((project) => (
            <ProjectItem
              key={project.id}
              project={project}
              chats={chatsOf.get(project.id) ?? NO_CHATS}
              open={!folded.has(project.id)}
              setOpen={setOpen}
              current={currentProject === project.id}
              path={path}
              dropping={dropTarget === project.id}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const NO_CHATS: readonly Chat[] = [];
