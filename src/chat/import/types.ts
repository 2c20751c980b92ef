/**
 * What every importer produces: chats in a neutral shape, keyed by the source app's own ids, so
 * one pipeline turns them into Parley's rows (to-rows.ts) whatever the format was.
 */

import type { Citation, SourceApp } from '../types';

/** The apps Parley imports from; `parley-backup` is Parley's own backup format. */
export type ImportApp = SourceApp;

/** A picture the export carried (the ChatGPT zip's files): stored as an image attachment. */
export interface ImportedImage {
  name: string;
  mimeType: string;
  blob: Blob;
  /** As the export says (0 when it does not). */
  width: number;
  height: number;
}

/** A file's text the export carried (Claude's attachments): stored as a text attachment. */
export interface ImportedText {
  name: string;
  text: string;
}

export interface ImportedMessage {
  /** The source app's id of the message: parents point at it. */
  sourceId: string;
  /** The nearest kept ancestor's source id (null for a root). */
  parentSourceId: string | null;
  role: 'user' | 'assistant' | 'system' | 'tool';
  /** Markdown and code as text, exactly as the export holds it. */
  content: string;
  /** A reply's reasoning (Open WebUI's reasoning blocks), as plain text. */
  reasoning?: string;
  /** How long the model thought, where the export says. */
  thinkingMs?: number;
  /** The tools a reply called; each answered by a `tool` message after it. */
  toolCalls?: { id: string; name: string; arguments: string; state: 'done' | 'failed' | 'cancelled' }[];
  /** A `tool` message: the id of the call it answers. */
  toolCallId?: string;
  isError?: boolean;
  /** The model that wrote a reply, where the export says. */
  model?: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  images?: ImportedImage[];
  texts?: ImportedText[];
  /** The sources a reply cites (ChatGPT's search), spans in `content`'s UTF-16 units, already cleaned. */
  citations?: Citation[];
}

export interface ImportedChat {
  source: { app: ImportApp; id: string };
  title: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  /** Every message of every branch, parents before children. */
  messages: ImportedMessage[];
  /** The leaf the source app shows (ChatGPT's current_node, Open WebUI's currentId), if still kept. */
  currentLeafSourceId?: string;
  /** The newest reply's model, for the chat's own model field. */
  model?: string;
  /** The source app's id of the project it belongs to (a ChatGPT project's `g-p-…` id), when the export names one. */
  projectSourceId?: string;
}

/** A project the export carried (Claude's projects.json) or that its conversations name (ChatGPT's): imported as a Parley project. */
export interface ImportedProject {
  source: { app: ImportApp; id: string };
  name: string;
  description?: string;
  /** Go into the project's instructions (Claude's `prompt_template`). */
  instructions?: string;
  /** Its documents as text (Claude's `docs`). */
  files: { name: string; text: string; createdAt: number }[];
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

/** One input to read: a file the user chose, or an entry of a zip they chose. */
export interface ImportFile {
  /** Shown in errors: the file's name, or `archive.zip/conversations.json`. */
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
  bytes(): Promise<Uint8Array>;
}

/** What a parser is given besides the file: the other files of the same import (a zip's pictures). */
export interface ParseContext {
  /** Files beside this one (the zip's other entries), by their name within the archive. */
  readonly siblings: ReadonlyMap<string, ImportFile>;
  readonly signal?: AbortSignal;
}

/** Why a source node was left out: nothing in it is visible in the source app either. */
export type SkipReason = 'hidden' | 'system' | 'tool' | 'empty';

export type SkipCounts = Record<SkipReason, number>;

export const noSkips = (): SkipCounts => ({ hidden: 0, system: 0, tool: 0, empty: 0 });

export interface ParseResult {
  chats: ImportedChat[];
  skipped: SkipCounts;
  /** Projects found (absent: none). */
  projects?: ImportedProject[];
}

/**
 * A format: `detect` says whether a file is its own (by name and a peek at its start, cheap);
 * `parse` validates the whole file and throws an ImportError naming the file and entry when it
 * is not what the format says: nothing of that file is imported then.
 */
export interface ImportParser {
  readonly app: ImportApp;
  detect(file: ImportFile, head: string): boolean;
  parse(file: ImportFile, context: ParseContext): Promise<ParseResult>;
}
