import type { Message } from '../../../chat';
import { TOOL_STEP_LIMIT_FINISH } from '../../../chat/tools/tool-steps';
import { t } from '../chat-text';
import './reply-extras.css';
import { tn } from '../../../i18n/plural';

type NoteFacts = Pick<Message, 'status' | 'content' | 'finishReason' | 'maxTokens' | 'skippedEvents' | 'errorReason'>;

/** What the reader should know about how a finished reply came to be: the lines under it, like the stats. */
export function replyNotes(message: NoteFacts): { kind: string; text: string }[] {
  const notes: { kind: string; text: string }[] = [];
  if (message.finishReason === 'length' && message.status === 'complete') {
    const limit = message.maxTokens === undefined ? t('chat.notes.serverLimit') : t('chat.notes.raiseMaxTokens', { max: message.maxTokens });
    const what = message.content.trim() === '' ? t('chat.notes.lengthEmpty') : t('chat.notes.length');
    notes.push({ kind: 'length', text: `${what} ${limit}` });
  }
  if (message.finishReason === TOOL_STEP_LIMIT_FINISH) notes.push({ kind: 'step-limit', text: t('tools.stepLimit.reached') });
  const skipped = message.skippedEvents ?? 0;
  // A reply that failed because nothing valid came says so in its error instead.
  if (skipped > 0 && message.errorReason !== 'bad-json') {
    notes.push({ kind: 'skipped', text: tn('chat.notes.skipped', skipped) });
  }
  return notes;
}

export function ReplyNotes({ message }: { message: NoteFacts }) {
  if (message.status === 'streaming') return null;
  const notes = replyNotes(message);
  if (notes.length === 0) return null;
  return (
    <ul className="reply-notes" aria-label={t('chat.notes.label')}>
      {notes.map((note) => (
        <li key={note.kind} data-kind={note.kind}>
          {note.text}
        </li>
      ))}
    </ul>
  );
}
