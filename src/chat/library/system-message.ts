/**
 * The one place a request's system message is built (issue 23), in this order, joined by
 * SYSTEM_SEPARATOR: standing instructions (when on) → the project's instructions and files →
 * the chat's system prompt (its own, else what its defaults give). Chat settings → "What the
 * model receives" shows exactly these parts.
 */
import { fileBlock } from '../attachments';
import { textTokens } from '../attachments';
import type { Chat, LibraryInstructions, LibraryProject } from '../types';
import { chatBase, effectiveSettings, type LibraryContents } from './chat-setup';

// Between two parts: a rule a model reads as "a new section" (shared with the compaction summary).
import { SYSTEM_SEPARATOR } from '../shapes';
export { SYSTEM_SEPARATOR };

export type SystemPartSource = 'instructions' | 'project' | 'project-files' | 'chat';

export interface SystemPart {
  source: SystemPartSource;
  text: string;
  /** Estimated (characters / 4): what the part costs of the model's context. */
  tokens: number;
}

/** The standing instructions as the model reads them; empty when off or blank. */
export function instructionsText(instructions: LibraryInstructions | undefined): string {
  if (!instructions?.enabled) return '';
  const about = instructions.about.trim();
  const style = instructions.style.trim();
  const parts = [about && `About the user:\n${about}`, style && `How to reply:\n${style}`].filter(Boolean);
  return parts.join('\n\n');
}

/** A project's files as one block each (the same block a message's text file is sent as). */
export function projectFilesText(project: LibraryProject | undefined): string {
  if (!project || project.files.length === 0) return '';
  return ['Project files:', ...project.files.map((file) => fileBlock(file.name, file.text))].join('\n\n');
}

const part = (source: SystemPartSource, text: string): SystemPart[] => (text.trim() ? [{ source, text, tokens: textTokens(text) }] : []);

/** The parts of the chat's system message, in order; blank parts left out. */
export function systemParts(chat: Pick<Chat, 'systemPrompt' | 'projectId'>, library: LibraryContents): SystemPart[] {
  const project = chat.projectId ? library.projects.find((p) => p.id === chat.projectId) : undefined;
  const systemPrompt = chat.systemPrompt ?? chatBase(chat, library).systemPrompt ?? '';
  return [
    ...part('instructions', instructionsText(library.instructions)),
    ...part('project', project?.instructions ?? ''),
    ...part('project-files', projectFilesText(project)),
    ...part('chat', systemPrompt),
  ];
}

/** The whole system message; undefined when there is none. */
export function systemMessage(parts: readonly SystemPart[]): string | undefined {
  return parts.length > 0 ? parts.map((p) => p.text).join(SYSTEM_SEPARATOR) : undefined;
}

/**
 * The chat as a request is built from it: every layer applied, and `systemPrompt` the whole
 * system message (what modelMessages puts first). The stored chat is not changed.
 */
export function requestChat(chat: Chat, library: LibraryContents): Chat {
  return { ...chat, ...effectiveSettings(chat, library), systemPrompt: systemMessage(systemParts(chat, library)) };
}
