import { entryError, ImportError, parseJson, type ImportProblem } from '../errors';
import { pacer } from '../pace';
import { baseName, isoMs, isRecord, mentionsKey, optionalString, type Json } from '../shape';
import { noSkips, type ImportedChat, type ImportedMessage, type ImportedText, type ImportParser, type SkipCounts } from '../types';

/**
 * Claude's data export: `conversations.json`, a list of `{uuid, name, created_at, updated_at,
 * chat_messages}`, each message `{uuid, sender: 'human' | 'assistant', text, content: [{type,
 * text}], created_at, attachments: [{file_name, extracted_content}], files}`. A conversation is
 * one line of messages (each the next one's parent); times are ISO 8601 strings.
 */

const ROLES = { human: 'user', assistant: 'assistant' } as const;

/** The visible text: `text`, or for exports that leave it empty, the text blocks of `content`. */
function textOf(message: Json): string {
  if (typeof message.text === 'string' && message.text !== '') return message.text;
  if (!Array.isArray(message.content)) return '';
  return message.content
    .filter((block): block is Json => isRecord(block) && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n\n');
}

function textsOf(message: Json): ImportedText[] {
  if (!Array.isArray(message.attachments)) return [];
  return message.attachments.flatMap((file) =>
    isRecord(file) && typeof file.extracted_content === 'string' && file.extracted_content !== ''
      ? [{ name: optionalString(file.file_name) ?? 'attachment.txt', text: file.extracted_content }]
      : [],
  );
}

function readConversation(file: string, index: number, raw: unknown, skipped: SkipCounts): ImportedChat {
  if (!isRecord(raw)) throw entryError(file, index, '', { code: 'chat-field', params: { field: 'conversation', expected: 'object' } });
  const title = optionalString(raw.name) ?? '';
  const fail = (problem: ImportProblem) => entryError(file, index, title, problem);
  const id = optionalString(raw.uuid);
  if (!id) throw fail({ code: 'chat-field', params: { field: 'uuid', expected: 'string' } });
  if (!Array.isArray(raw.chat_messages)) throw fail({ code: 'chat-field', params: { field: 'chat_messages', expected: 'list' } });
  const createdAt = isoMs(raw.created_at) ?? 0;
  const messages: ImportedMessage[] = [];
  let parent: string | null = null;
  raw.chat_messages.forEach((message: unknown, position) => {
    const key = isRecord(message) ? (optionalString(message.uuid) ?? `#${position + 1}`) : `#${position + 1}`;
    if (!isRecord(message)) throw fail({ code: 'message-field', params: { message: key, field: 'message', expected: 'object' } });
    if (!optionalString(message.uuid)) throw fail({ code: 'message-field', params: { message: key, field: 'uuid', expected: 'string' } });
    const role = ROLES[message.sender as keyof typeof ROLES];
    if (!role) throw fail({ code: 'message-field', params: { message: key, field: 'sender', expected: 'human | assistant' } });
    const content = textOf(message);
    const texts = textsOf(message);
    if (content.trim() === '' && texts.length === 0) {
      skipped.empty++;
      return;
    }
    messages.push({
      sourceId: key,
      parentSourceId: parent,
      role,
      content,
      createdAt: isoMs(message.created_at) ?? createdAt,
      ...(texts.length && { texts }),
    });
    parent = key;
  });
  return {
    source: { app: 'claude', id },
    title,
    createdAt: createdAt || messages[0]?.createdAt || 0,
    updatedAt: isoMs(raw.updated_at) ?? createdAt,
    messages,
    ...(parent !== null && { currentLeafSourceId: parent }),
    // Where an export says which project a conversation was in: it goes into that project when it is imported too (projects.json).
    ...(optionalString(raw.project_uuid) && { projectSourceId: raw.project_uuid as string }),
  };
}

export const claudeParser: ImportParser = {
  app: 'claude',
  detect: (file, head) => baseName(file.name).toLowerCase().endsWith('.json') && /^\s*\[/.test(head) && mentionsKey(head, 'chat_messages'),
  async parse(file, context) {
    const data = parseJson(file.name, await file.text());
    if (!Array.isArray(data)) throw new ImportError('wrong-shape', { file: file.name, expected: 'claude' });
    const skipped = noSkips();
    const chats: ImportedChat[] = [];
    const pace = pacer(context.signal);
    for (let index = 0; index < data.length; index++) {
      await pace();
      chats.push(readConversation(file.name, index, data[index], skipped));
    }
    return { chats, skipped };
  },
};
