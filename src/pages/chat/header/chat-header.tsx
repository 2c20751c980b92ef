import { memo, useState, type Ref } from 'react';
import { runCompaction } from '../compaction/compaction-status';
import { SUMMARISE_ICON } from '../message/message-actions';
import { getChatStore, type Chat } from '../../../chat';
import { getConnectionsStore, useConnections, useDefaultModel } from '../../../chat/connections';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { Link } from '../../../router';
import { projectHref } from '../../home/project-query';
import { Menu, type MenuItem } from '../../../ui/menu';
import { ModelPicker, NewChatButton, SidebarButton } from '../../shared';
import { useLibrary } from '../../../chat/library';
import type { LibraryProject } from '../../../chat/types';
import { chatMark } from './chat-mark';
import { ChatSettingsDialog } from './chat-settings-dialog';
import { ChatTitle } from './chat-title';
import { requestCompare } from '../compare/compare-request';
import { COMPARE_ICON } from '../compare/compare-note';
import { compareSetting } from '../../../chat/replies';
import './chat-header.css';

export const EXPORT_ICON = 'lucide:download';
export const EXPORT_MARKDOWN_ICON = 'lucide:file-text';
export const DELETE_CHAT_ICON = 'lucide:trash-2';
export const CHAT_SETTINGS_ICON = 'lucide:sliders-horizontal';
export const MORE_ACTIONS_ICON = 'lucide:ellipsis-vertical';
export const PROJECT_ICON = 'lucide:folder';

export interface ChatHeaderProps {
  chat: Chat;
  headingId: string;
  /** False while the messages are still loading: there is nothing whole to export yet. */
  ready: boolean;
  onDelete(): void;
  /** The header element, measured so toasts sit under it (use-toast-lift.ts). */
  headerRef?: Ref<HTMLElement>;
}

/**
 * The chat's model: its own choice, or the default it falls back to. Choosing one sets it for
 * the chat and remembers it as the default for new chats (issue 5).
 */
function ChatModelPicker({ chat }: { chat: Chat }) {
  const connections = useConnections();
  const defaultModel = useDefaultModel();
  const value = chat.model ?? defaultModel;
  if (!value && connections.length === 0) return null;
  return (
    <ModelPicker
      className="chat-header__model"
      opensOnRequest
      value={value}
      // Comparing blind (issue 38): the chat's model is one of the answers, so no name shows here either.
      preset={compareSetting(chat)?.blind ? t('compare.picker.blind') : undefined}
      // A preset picked here copies its values into the chat (issue 23); the chat remembers it.
      onPresetPick={(choice) => void getChatStore().updateChatSettings(chat.id, choice.settings)}
      onValueChange={(ref) => {
        // Another model: the chat no longer runs as its preset said.
        void getChatStore().updateChatSettings(chat.id, { model: ref, presetId: undefined });
        getConnectionsStore().setDefaultModel(ref);
      }}
    />
  );
}

/**
 * The project the chat is in (issue 33), a link back to the project's page: from a project's
 * chat, the way back is one click, not a search through the sidebar. Nothing for a chat in no
 * project, or in one deleted meanwhile.
 */
function ProjectLink({ chat, projects }: { chat: Chat; projects: readonly LibraryProject[] }) {
  const project = chat.projectId ? projects.find((p) => p.id === chat.projectId) : undefined;
  if (!project) return null;
  return (
    <Link to={projectHref(project.id)} className="chat-header__project" title={project.name}>
      <Icon name={PROJECT_ICON} />
      <span className="visually-hidden">{t('chat.projectPrefix')}</span>
      <span className="chat-header__project-name">{project.name}</span>
    </Link>
  );
}

/** The top bar: the title (renamed in place), the model, and the chat's actions. */
export const ChatHeader = memo(function ChatHeader({ chat, headingId, ready, onDelete, headerRef }: ChatHeaderProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const library = useLibrary();
  const mark = chatMark(chat, library);
  // The export's code loads with the first export, not with the chat page.
  const exportItems: MenuItem[] = [
    { id: 'export-md', label: t('chatExport.markdown'), icon: EXPORT_MARKDOWN_ICON, disabled: !ready, onSelect: () => void import('../../shared/chat-export').then((m) => m.exportChatMarkdown(chat.id)) },
    { id: 'export-json', label: t('chatExport.json'), icon: EXPORT_ICON, disabled: !ready, onSelect: () => void import('../../shared/chat-export').then((m) => m.exportChatJson(chat.id)) },
  ];
  const summarise = () => void runCompaction(chat.id);
  // The same actions as one menu, for phones, where three buttons would squeeze the title.
  const actions: MenuItem[] = [
    { id: 'settings', label: t('chatSettings.open'), icon: CHAT_SETTINGS_ICON, onSelect: () => setSettingsOpen(true) },
    { id: 'summarise', label: t('compaction.action.summarise'), icon: SUMMARISE_ICON, disabled: !ready, onSelect: summarise },
    { id: 'compare', label: t('compare.open'), icon: COMPARE_ICON, onSelect: () => requestCompare({ chatId: chat.id }) },
    ...exportItems,
    { id: 'delete', label: t('chat.delete'), icon: DELETE_CHAT_ICON, color: 'error', onSelect: onDelete },
  ];
  return (
    <header ref={headerRef} className="chat-header">
      <div className="chat-header__inner">
        <SidebarButton className="chat-header__menu" />
        <ProjectLink chat={chat} projects={library.projects} />
        <ChatTitle chatId={chat.id} title={chat.title} headingId={headingId} />
        {/* The model stays shown here: the mark beside it names the preset. */}
        <ChatModelPicker chat={chat} />
        {mark && (
          // Quiet: says the chat has settings of its own (or which preset), and opens them.
          <Button
            className="chat-header__mark"
            size="sm"
            variant="ghost"
            color="neutral"
            data-state={mark.kind}
            title={mark.kind === 'preset' ? t('library.chat.presetLabel', { name: mark.name }) : t('library.chat.customLabel')}
            aria-haspopup="dialog"
            onClick={() => setSettingsOpen(true)}
          >
            {mark.kind === 'preset' ? mark.name : t('library.chat.custom')}
          </Button>
        )}
        <div className="chat-header__actions" role="group" aria-label={t('chat.actions')}>
          <Button
            size="sm"
            variant="ghost"
            color="neutral"
            icon={CHAT_SETTINGS_ICON}
            label={t('chatSettings.open')}
            aria-haspopup="dialog"
            onClick={() => setSettingsOpen(true)}
          />
          <Button size="sm" variant="ghost" color="neutral" icon={SUMMARISE_ICON} label={t('compaction.action.summarise')} aria-disabled={!ready || undefined} onClick={summarise} />
          <Button
            size="sm"
            variant="ghost"
            color="neutral"
            icon={COMPARE_ICON}
            label={t('compare.open')}
            aria-haspopup="dialog"
            onClick={(event) => requestCompare({ chatId: chat.id, returnTo: event.currentTarget })}
          />
          <Menu size="sm" variant="ghost" color="neutral" icon={EXPORT_ICON} label={t('chat.export')} align="end" items={exportItems} />
          <Button size="sm" variant="ghost" color="neutral" icon={DELETE_CHAT_ICON} label={t('chat.delete')} onClick={onDelete} />
        </div>
        <NewChatButton />
        <Menu className="chat-header__more" size="sm" variant="ghost" color="neutral" icon={MORE_ACTIONS_ICON} label={t('chat.actions')} align="end" items={actions} />
      </div>
      <ChatSettingsDialog chat={chat} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </header>
  );
});
