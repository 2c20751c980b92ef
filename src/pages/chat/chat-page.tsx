import { useCallback, useEffect, useState } from 'react';
import { useChat } from '../../chat';
import { useNavigate, type PageProps } from '../../router';
import { paths } from '../paths';
import { deleteChatWithUndo } from './chat-commands';
import { ChatLoading } from './chat-loading';
import { ChatNotFound } from './chat-not-found';
import { ChatScreen } from './chat-screen';
import { stopReadingIn } from './message/read-aloud/reader-store';
import './chat-page.css';

/** `/chat/{id}` (SPEC B4): one chat, or "Chat not found" for an id that has none. */
export default function ChatPage({ params }: PageProps) {
  const id = params.id ?? '';
  const view = useChat(id);
  const navigate = useNavigate();
  // Set while deleting this chat: the page is on its way home, not "not found".
  const [leaving, setLeaving] = useState(false);
  // A reply read aloud stops when its chat is left (another chat, home, Settings' page).
  useEffect(() => () => stopReadingIn(id), [id]);

  const deleteChat = useCallback(() => {
    setLeaving(true);
    navigate(paths.home.href());
    void deleteChatWithUndo(id, () => navigate(paths.chat.href(id)));
  }, [id, navigate]);

  if (view.status === 'missing') return leaving ? null : <ChatNotFound />;
  if (!view.chat) return <ChatLoading />;
  return <ChatScreen chat={view.chat} ready={view.status === 'ready'} onDelete={deleteChat} />;
}
