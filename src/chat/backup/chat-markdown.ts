import { modelIdOf } from '../connections';
import { indexMessages, resolveLeaf, threadPath } from '../shapes';
import type { Chat, Compaction, Message, MessageRole } from '../types';
import { footnotes } from './markdown-footnotes';
import { FENCE, shiftHeadings } from './shift-headings';

/**
 * A chat as a Markdown file for the user to read or keep (not rendered by Parley): the thread on
 * screen, each turn under a heading with its role, time and (for a reply) the model's name,
 * reasoning folded in a <details> block, files named, code kept as the model wrote it; a
 * message's own headings sit below its turn's; a reply's citations become footnotes labelled by
 * its turn (`[^m3-1]`: turn 3's source 1), so two replies' never collide. The domain takes its
 * words from the caller (it never imports the catalogue).
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
  /** `{role} · {time}`-style heading of a turn; `model` is the model's name (never the connection's id). */
  turn(role: string, time: string, model: string | undefined): string;
  /** A compaction marker's line (issue 24): what it covers and the tokens saved, undone or not. */
  compaction(compaction: Compaction): string;
  /** A file's line: its name, kind and size. */
  file(name: string, kind: string, size: number): string;
}

/** The turns' heading level (`##`): a message's own headings are moved below it. */
const TURN_LEVEL = 2;

/** A closing tag inside the reasoning would end the block early: its `<` is escaped. */
const DETAILS_CLOSE = /<\/details/gi;

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
  if (chat.systemPrompt) lines.push(`${'#'.repeat(TURN_LEVEL)} ${labels.roles.system}`, '', shiftHeadings(chat.systemPrompt, TURN_LEVEL), '');
  for (const [turn, message] of thread.entries()) {
    if (message.compaction) {
      // A quoted note where the thread was summarised, with the summary as its body.
      lines.push(`> _${labels.compaction(message.compaction)}_`);
      if (message.content.trim()) lines.push('>', ...shiftHeadings(closeFences(message.content), TURN_LEVEL).split('\n').map((line) => (line ? `> ${line}` : '>')));
      lines.push('');
      continue;
    }
    const model = message.role === 'assistant' && message.model ? modelIdOf(message.model) : undefined;
    lines.push(`${'#'.repeat(TURN_LEVEL)} ${labels.turn(labels.roles[message.role], formatTime(message.createdAt), model)}`, '');
    if (message.reasoning?.trim()) {
      lines.push('<details>', `<summary>${labels.reasoning}</summary>`, '', shiftHeadings(closeFences(message.reasoning.replace(DETAILS_CLOSE, '&lt;/details')), TURN_LEVEL), '', '</details>', '');
    }
    const { text, definitions } = footnotes(message, `m${turn + 1}`);
    if (text !== '') lines.push(shiftHeadings(closeFences(text), TURN_LEVEL), '');
    if (definitions.length > 0) lines.push(...definitions, '');
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
