import { memo } from 'react';
import type { Chat } from '../../chat';
import { t } from '../../i18n';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { exportChat } from './chat-commands';
import { ChatTitle } from './chat-title';
import './chat-header.css';

export const MODEL_ICON = 'lucide:cpu';
export const EXPORT_ICON = 'lucide:download';
export const DELETE_CHAT_ICON = 'lucide:trash-2';

export interface ChatHeaderProps {
  chat: Chat;
  headingId: string;
  /** False while the messages are still loading: there is nothing whole to export yet. */
  ready: boolean;
  onDelete(): void;
}

/** The top bar: the title (renamed in place), the model, and the chat's actions. */
export const ChatHeader = memo(function ChatHeader({ chat, headingId, ready, onDelete }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <div className="chat-header__inner">
        <ChatTitle chatId={chat.id} title={chat.title} headingId={headingId} />
        {chat.model && (
          <p className="chat-header__model">
            <Icon name={MODEL_ICON} label={t('chat.model')} />
            <span className="chat-header__model-name">{chat.model}</span>
          </p>
        )}
        <div className="chat-header__actions" role="group" aria-label={t('chat.actions')}>
          <Button
            size="sm"
            variant="ghost"
            color="neutral"
            icon={EXPORT_ICON}
            label={t('chat.export')}
            aria-disabled={!ready || undefined}
            onClick={() => ready && exportChat(chat)}
          />
          <Button size="sm" variant="ghost" color="neutral" icon={DELETE_CHAT_ICON} label={t('chat.delete')} onClick={onDelete} />
        </div>
      </div>
    </header>
  );
});
