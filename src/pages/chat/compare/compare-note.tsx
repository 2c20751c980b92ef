// The message box's note while the chat compares models (issue 38): which (or how many, blind) each
// message goes to, a way to change them and a way to stop.
import { chatById, getChatStore, useChatStore } from '../../../chat';
import { modelIdOf } from '../../../chat/connections';
import { compareSetting } from '../../../chat/replies';
import { tn } from '../../../i18n/plural';
import { Button } from '../../../ui/button';
import { t } from '../chat-text';
import { requestCompare } from './compare-request';
import './compare-note.css';

export const COMPARE_ICON = 'lucide:columns-3';

export function CompareNote({ chatId }: { chatId: string }) {
  const setting = compareSetting(useChatStore((s) => chatById(s.chats, chatId)));
  if (!setting) return null;
  const text = setting.blind ? tn('compare.note.blind', setting.models.length, { count: setting.models.length }) : t('compare.note.named', { models: setting.models.map(modelIdOf).join(', ') });
  return (
    <span className="compare-note" data-state={setting.blind ? 'blind' : 'named'}>
      <Button size="sm" variant="soft" color="neutral" icon={COMPARE_ICON} aria-haspopup="dialog" title={t('compare.note.change')} onClick={(event) => requestCompare({ chatId, returnTo: event.currentTarget })}>
        {text}
      </Button>
      <Button size="sm" variant="ghost" color="neutral" icon="lucide:x" label={t('compare.note.clear')} onClick={() => void getChatStore().updateChatSettings(chatId, { compare: undefined })} />
    </span>
  );
}
