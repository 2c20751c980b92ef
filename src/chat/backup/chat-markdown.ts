import { indexMessages, resolveLeaf, threadPath } from '../shapes';
import type { Chat, Message, MessageRole } from '../types';

/**
 * A chat as a Markdown file for the user to read or keep (not rendered by Parley): the thread on
 * screen, each turn under a heading with its role and time, reasoning folded in a <details> block,
 * files named, code kept as the model wrote it. The domain takes its words from the caller (it
 * never imports the catalogue).
 */

export interface MarkdownLabels {
  roles: Record<MessageRole, string>;
  /** The <summary> of a reply's reasoning. */
  reasoning: string;
  /** Before the list of a message's files. */
  attachments: string;
  /** A line under the title when other versions (branches) exist and are left out. */
  otherBranches: string;
  /** A reply that stopped or failed: shown in italics under it. */
  status: Partial<Record<Message['status'], string>>;
  /** `{role} · {time}`-style heading of a turn. */
  turn(role: string, time: string, model: string | undefined): string;
  /** A file's line: its name, kind and size. */
  file(name: string, kind: string, size: number): string;
}

/** A closing tag inside the reasoning would end the block early: its `<` is escaped. */
const DETAILS_CLOSE = /<\/details/gi;

/** A line opening or closing a fenced code block. */
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The text with a code block a stopped reply left open closed, so the turns after it stay prose. */
function closeFences(text: string): string {
  let open: string | undefined;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line)?.[1];
    if (!fence) continue;
    if (open === undefined) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = undefined;
  }
  return open === undefined ? text : `${text}\n${open}`;
}

export function chatMarkdown(chat: Chat, messages: readonly Message[], labels: MarkdownLabels, formatTime: (ms: number) => string): string {
  const index = indexMessages(messages.filter((message) => message.chatId === chat.id));
  const thread = threadPath(index, resolveLeaf(index, chat.currentLeafId));
  const lines: string[] = [`# ${chat.title.replace(/\s+/g, ' ').trim()}`, ''];
  if (thread.length < index.byId.size) lines.push(`_${labels.otherBranches}_`, '');
  if (chat.systemPrompt) lines.push(`## ${labels.roles.system}`, '', chat.systemPrompt, '');
  for (const message of thread) {
    const model = message.role === 'assistant' ? message.model : undefined;
    lines.push(`## ${labels.turn(labels.roles[message.role], formatTime(message.createdAt), model)}`, '');
    if (message.reasoning?.trim()) {
      lines.push('<details>', `<summary>${labels.reasoning}</summary>`, '', closeFences(message.reasoning.replace(DETAILS_CLOSE, '&lt;/details')), '', '</details>', '');
    }
    if (message.content !== '') lines.push(closeFences(message.content), '');
    const files = message.attachments ?? [];
    if (files.length > 0) {
      lines.push(`${labels.attachments}`, '');
      for (const file of files) lines.push(`- ${labels.file(file.name, file.kind, file.size)}`);
      lines.push('');
    }
    const status = labels.status[message.status];
    if (status) lines.push(`_${status}_`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
