import { useRef, useState, useSyncExternalStore } from 'react';
import { getChatModel, getChatStore, HOME_DRAFT_KEY, subscribeChatModel, useDraft } from '../../chat';
import { t } from '../../i18n';
import { useNavigate } from '../../router';
import { Composer } from '../../ui/composer';
import { toast } from '../../ui/toast';
import { paths } from '../paths';
import { ConnectHelp } from './connect-help';
import { RecentChats } from './recent-chats';
import { Suggestions } from './suggestions';
import './home-page.css';

/** The home composer's textarea id: the New chat hotkey focuses it. */
export const HOME_COMPOSER_ID = 'home-composer';

export default function HomePage() {
  const navigate = useNavigate();
  const draft = useDraft(HOME_DRAFT_KEY);
  const model = useSyncExternalStore(subscribeChatModel, getChatModel, getChatModel);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const helpRef = useRef<HTMLElement>(null);
  const [needsModel, setNeedsModel] = useState(false);
  const [sending, setSending] = useState(false);

  const send = async (text: string) => {
    if (!model) {
      // Instead of failing on send: keep the draft and point at how to connect a server.
      setNeedsModel(true);
      helpRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const { chatId } = await getChatStore().createChat({ text });
      draft.setText('');
      navigate(paths.chat.href(chatId));
    } catch (error) {
      // The store already reported storage problems; the draft stays for another try.
      toast.add({ title: t('home.sendFailed'), description: String((error as Error)?.message ?? error), color: 'error' });
      setSending(false);
    }
  };

  const suggest = (prompt: string) => {
    draft.setText(prompt);
    inputRef.current?.focus();
  };

  return (
    <section className="home-page" aria-labelledby="home-heading">
      <h1 id="home-heading" className="home-page__greeting" tabIndex={-1}>
        {t('home.greeting')}
      </h1>
      {!model && <ConnectHelp ref={helpRef} attention={needsModel} />}
      <Composer
        ref={inputRef}
        inputId={HOME_COMPOSER_ID}
        className="home-page__composer"
        value={draft.text}
        onChange={draft.setText}
        onSubmit={(text) => void send(text)}
        disabled={!draft.loaded || sending}
        placeholder={t('home.composerPlaceholder')}
        autoFocus
      />
      <Suggestions onPick={suggest} />
      <RecentChats />
    </section>
  );
}
