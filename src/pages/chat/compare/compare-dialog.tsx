// The Compare dialog (issue 38), loaded when first opened: which models each new message of the chat goes
// to (2–4, blind or not), or, from a reply's Regenerate menu, which models answer beside that reply.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { chatById, getChatStore, useChatStore } from '../../../chat';
import { getConnectionsStore, useConnectionsSnapshot, useModelOptions } from '../../../chat/connections';
import { compareSetting, MAX_COMPARED } from '../../../chat/replies';
import { tn } from '../../../i18n/plural';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { t } from '../chat-text';
import { registerMessages } from '../../../i18n';
import { compareView } from '../../../i18n/en/compare-view';
import { readComparing } from './comparing-state';
import type { CompareRequest } from './compare-request';
import './compare.css';

// The view's strings come with its code (chat-text.ts registers the page's).
registerMessages(compareView);

export interface CompareDialogProps {
  request: CompareRequest;
  onClose(): void;
}

export function CompareDialog({ request, onClose }: CompareDialogProps) {
  const { chatId, replyId } = request;
  const formId = useId();
  const groups = useModelOptions();
  const defaultModel = useConnectionsSnapshot().defaultModel;
  const chat = useChatStore((s) => chatById(s.chats, chatId));
  const reply = useChatStore((s) => (replyId ? s.messages.get(chatId)?.findLast((m) => m.id === replyId) : undefined));
  const setting = compareSetting(chat);
  // Beside a reply: the models not answering already, at most as many as make four.
  const open = reply ? readComparing(chat?.comparing) : undefined;
  const answering = reply ? (open?.parentId === reply.parentId ? open.replies.map((id) => getChatStore().getSnapshot().messages.get(chatId)?.find((m) => m.id === id)).filter((m) => m && !m.combines) : [reply]) : [];
  const taken = new Set(answering.map((m) => m!.model).filter(Boolean));
  const limit = reply ? MAX_COMPARED - answering.length : MAX_COMPARED;
  const least = reply ? 1 : 2;
  const [chosen, setChosen] = useState<readonly string[]>(() => (reply ? [] : (setting?.models ?? [chat?.model ?? defaultModel].filter((ref): ref is string => !!ref))));
  const [blind, setBlind] = useState(setting?.blind === true);
  const [problem, setProblem] = useState<string>();

  // Lists never asked for (or failed) are asked for now: the dialog lists every connected model.
  useEffect(() => {
    const store = getConnectionsStore();
    for (const { connection, list } of groups) if (list.status === 'idle' || list.status === 'error') void store.refreshModels(connection.id);
    // Once, as the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const named = groups.length > 1;
  const options = groups.flatMap(({ connection, options: models }) =>
    models.filter((option) => !taken.has(option.ref)).map((option) => ({ ref: option.ref, label: named ? `${option.modelId} · ${connection.name}` : option.modelId })),
  );

  const toggle = (ref: string, on: boolean) => {
    setProblem(undefined);
    setChosen((refs) => (on ? [...refs.filter((r) => r !== ref), ref] : refs.filter((r) => r !== ref)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // In the order listed (connections as the user ordered them), whatever order they were ticked in.
    const models = options.map((option) => option.ref).filter((ref) => chosen.includes(ref));
    if (models.length < least) return setProblem(t(reply ? 'compare.dialog.tooFewMore' : 'compare.dialog.tooFew'));
    if (models.length > limit) return setProblem(tn('compare.dialog.tooMany', limit, { count: limit }));
    if (reply) getChatStore().regenerate(reply.id, { models });
    else void getChatStore().updateChatSettings(chatId, { compare: { models, ...(blind && { blind: true }) } });
    onClose();
  };

  const stop = () => {
    void getChatStore().updateChatSettings(chatId, { compare: undefined });
    onClose();
  };

  return (
    <Dialog
      className="compare-dialog"
      open
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title={t(reply ? 'compare.dialog.regenerateTitle' : 'compare.dialog.title')}
      description={reply ? undefined : t('compare.dialog.intro')}
      closeLabel={t('compare.dialog.cancel')}
      footer={
        <>
          {setting && !reply && (
            <Button variant="outline" color="neutral" onClick={stop}>
              {t('compare.dialog.stop')}
            </Button>
          )}
          <Button variant="outline" color="neutral" onClick={onClose}>
            {t('compare.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={options.length < least}>
            {t(reply ? 'compare.dialog.ask' : 'compare.dialog.start')}
          </Button>
        </>
      }
    >
      <form id={formId} className="compare-dialog__form" onSubmit={submit} noValidate>
        <fieldset className="compare-dialog__models" aria-describedby={problem ? `${formId}-problem` : undefined}>
          <legend>{reply ? t('compare.dialog.regenerateModels', { count: limit }) : t('compare.dialog.models')}</legend>
          {options.length < least && <p className="compare-dialog__none">{t('compare.dialog.none')}</p>}
          {options.map((option) => (
            <label key={option.ref} className="compare-dialog__model">
              <input type="checkbox" checked={chosen.includes(option.ref)} onChange={(event) => toggle(option.ref, event.currentTarget.checked)} />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        {!reply && (
          <label className="compare-dialog__blind">
            <input type="checkbox" checked={blind} onChange={(event) => setBlind(event.currentTarget.checked)} />
            <span>{t('compare.dialog.blind')}</span>
          </label>
        )}
        {problem && (
          <p id={`${formId}-problem`} className="compare-dialog__problem" role="alert">
            {problem}
          </p>
        )}
      </form>
    </Dialog>
  );
}
