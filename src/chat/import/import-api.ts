import type { ChatPersistence, ImportBatch } from '../persistence';
import { throwIfAborted } from './errors';
import type { InputFile } from './input-files';
import { pacer } from './pace';
import { parseFiles, type ParsedImport } from './parse-files';
import { addChatRows, projectRow } from './to-rows';
import type { ImportApp, ImportedChat, ImportedProject, SkipCounts } from './types';
import type { LibraryProject } from '../types';

/**
 * Import as the UI drives it: `previewImport` reads and validates every file and says what would
 * come in; `runImport` writes it. Parsing happens in the preview; the write is one final commit
 * (persistence.importChats, one transaction), so a cancel or a failure at any point stores nothing.
 */

export interface ImportProgress {
  /** reading: parsing the files; preparing: making Parley's rows; writing: storing them. */
  phase: 'reading' | 'preparing' | 'writing';
  done: number;
  total: number;
  /** The file being read (reading only). */
  file?: string;
}

export interface ImportOptions {
  persistence: ChatPersistence;
  signal?: AbortSignal;
  onProgress?(progress: ImportProgress): void;
}

export interface ImportPreview {
  /** The first file's format, and every format seen. */
  format: ImportApp;
  formats: ImportApp[];
  /** Chats and messages found in the files. */
  chats: number;
  messages: number;
  /** Oldest creation and newest update among the chats found (ms since the epoch); null when none. */
  dateRange: { from: number; to: number } | null;
  /** Chats imported before (the same source id): left out. */
  existing: number;
  /** What the import will add. */
  toImport: { chats: number; messages: number; attachments: number };
  /** Nodes of the source left out because nothing in them was visible there either. */
  skipped: { count: number; why: SkipCounts };
  /** Projects the files hold or their chats name (issue 23): the names of those it will add, and how many were imported before (left out). */
  projects: { names: string[]; existing: number };
}

export interface ImportResult {
  chats: number;
  messages: number;
  attachments: number;
  /** Chats left out because they were imported before. */
  existing: number;
  /** The new chats' ids, oldest first. */
  chatIds: string[];
  /** Projects added, and those left out because they were imported before. */
  projects: number;
  projectsExisting: number;
  /** Projects that could not be made (too many files, too much text): named, their chats imported outside any project. */
  projectsRefused: { name: string; reason: string }[];
}

/** The parsed chats behind each preview the API handed out: the preview itself stays plain data. */
const parsedOf = new WeakMap<ImportPreview, ParsedImport>();

const sourceKey = (source: { app: string; id: string }) => `${source.app}:${source.id}`;

async function importedKeys(persistence: ChatPersistence): Promise<Set<string>> {
  const chats = await persistence.listChats();
  return new Set(chats.flatMap((chat) => (chat.source ? [sourceKey(chat.source)] : [])));
}

/** The projects imported before, by their source: importing again adds none, and their chats go into them. */
async function importedProjects(persistence: ChatPersistence): Promise<Map<string, LibraryProject>> {
  const rows = await persistence.listLibrary();
  return new Map(rows.flatMap((row) => (row.kind === 'project' && row.source ? [[sourceKey(row.source), row] as const] : [])));
}

function summarise(parsed: ParsedImport, known: Set<string>, knownProjects: ReadonlyMap<string, LibraryProject>): ImportPreview {
  let messages = 0;
  let from = Infinity;
  let to = -Infinity;
  let existing = 0;
  const toImport = { chats: 0, messages: 0, attachments: 0 };
  for (const chat of parsed.chats) {
    messages += chat.messages.length;
    from = Math.min(from, chat.createdAt);
    to = Math.max(to, chat.updatedAt, chat.createdAt);
    if (known.has(sourceKey(chat.source))) {
      existing++;
      continue;
    }
    toImport.chats++;
    toImport.messages += chat.messages.length;
    for (const message of chat.messages) toImport.attachments += (message.images?.length ?? 0) + (message.texts?.length ?? 0);
  }
  const why = parsed.skipped;
  return {
    format: parsed.formats[0] ?? 'chatgpt',
    formats: parsed.formats,
    chats: parsed.chats.length,
    messages,
    dateRange: parsed.chats.length ? { from, to } : null,
    existing,
    toImport,
    skipped: { count: why.hidden + why.system + why.tool + why.empty, why: { ...why } },
    projects: {
      names: parsed.projects.filter((project) => !knownProjects.has(sourceKey(project.source))).map((project) => project.name),
      existing: parsed.projects.filter((project) => knownProjects.has(sourceKey(project.source))).length,
    },
  };
}

/** A preview and the parsed chats behind it: the page keeps them together, the import worker by preview id. */
export interface ReadImport {
  preview: ImportPreview;
  parsed: ParsedImport;
}

/** Reads and validates every file and says what an import would add; writes nothing. */
export async function readImport(files: readonly InputFile[], options: ImportOptions): Promise<ReadImport> {
  const { signal, onProgress } = options;
  const parsed = await parseFiles(files, {
    signal,
    onProgress: ({ file, done, total }) => onProgress?.({ phase: 'reading', file, done, total }),
  });
  throwIfAborted(signal);
  return { preview: summarise(parsed, await importedKeys(options.persistence), await importedProjects(options.persistence)), parsed };
}

/** Makes Parley's rows of the chats not stored yet and writes them in one transaction. */
export async function writeImport(parsed: ParsedImport, options: ImportOptions): Promise<ImportResult> {
  const { persistence, signal, onProgress } = options;
  // Checked again: another tab may have imported the same file since the preview.
  const known = await importedKeys(persistence);
  const fresh: ImportedChat[] = parsed.chats.filter((chat) => !known.has(sourceKey(chat.source)));
  const batch: ImportBatch = { chats: [], messages: [], attachments: [], library: [] };
  const projects = await projectRows(parsed.projects, await importedProjects(persistence), batch);
  const pace = pacer(signal);
  for (const [done, chat] of fresh.entries()) {
    await pace();
    if (done % 100 === 0) onProgress?.({ phase: 'preparing', done, total: fresh.length });
    const projectId = chat.projectSourceId === undefined ? undefined : projects.ids.get(sourceKey({ app: chat.source.app, id: chat.projectSourceId }));
    addChatRows(batch, chat, projectId);
  }
  throwIfAborted(signal);
  await persistence.importChats(batch, { signal, onProgress: (done, total) => onProgress?.({ phase: 'writing', done, total }) });
  return {
    chats: batch.chats.length,
    messages: batch.messages.length,
    attachments: batch.attachments.length,
    existing: parsed.chats.length - fresh.length,
    chatIds: batch.chats.map((chat) => chat.id),
    projects: batch.library!.length,
    projectsExisting: projects.existing,
    projectsRefused: projects.refused,
  };
}

/**
 * The projects not imported before, as library rows added to the batch (one transaction with the
 * chats); `ids` maps every project's source, new or imported before, to its id here.
 */
async function projectRows(found: readonly ImportedProject[], known: ReadonlyMap<string, LibraryProject>, batch: ImportBatch) {
  const ids = new Map<string, string>();
  const refused: { name: string; reason: string }[] = [];
  let existing = 0;
  for (const project of found) {
    const key = sourceKey(project.source);
    const here = known.get(key);
    if (here) {
      existing++;
      ids.set(key, here.id);
      continue;
    }
    const made = projectRow(project);
    if (!made.ok) {
      refused.push({ name: project.name, reason: made.reason });
      continue;
    }
    batch.library!.push(made.record);
    ids.set(key, made.record.id);
  }
  return { ids, existing, refused };
}

/** The import on the page: the fallback where no import worker runs (unit tests, no Worker, memory storage). */
export async function previewImport(files: readonly InputFile[], options: ImportOptions): Promise<ImportPreview> {
  const { preview, parsed } = await readImport(files, options);
  parsedOf.set(preview, parsed);
  return preview;
}

export async function runImport(preview: ImportPreview, options: ImportOptions): Promise<ImportResult> {
  const parsed = parsedOf.get(preview);
  if (!parsed) throw new TypeError('runImport takes a preview that previewImport returned');
  return writeImport(parsed, options);
}
