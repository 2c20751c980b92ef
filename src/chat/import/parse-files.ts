import { chatgptParser } from './formats/chatgpt';
import { claudeParser } from './formats/claude';
import { claudeProjectsParser } from './formats/claude-projects';
import { ImportError, throwIfAborted } from './errors';
import { checkImportSize, fromFile, isZip, zipEntries, type InputFile } from './input-files';
import { openwebuiParser } from './formats/openwebui';
import { noSkips, type ImportApp, type ImportedChat, type ImportedProject, type ImportFile, type ImportParser, type SkipCounts } from './types';

/**
 * Reads every chosen file with the parser that recognises it. All or nothing: the first file
 * that fails validation (or that no parser knows) rejects the whole import with an ImportError.
 */

/** How much of a file's start `detect` sees: the first conversation's keys are well inside it. */
const HEAD_BYTES = 64 * 1024;

/**
 * Parsers tried in order; Parley's backup parser is added here (see README.md). ChatGPT's comes
 * last: it claims any conversations*.json the others did not recognise by their keys.
 */
export const PARSERS: ImportParser[] = [claudeParser, claudeProjectsParser, openwebuiParser, chatgptParser];

export interface ParsedImport {
  formats: ImportApp[];
  chats: ImportedChat[];
  /** Projects found, each once (by its source id). */
  projects: ImportedProject[];
  skipped: SkipCounts;
  /** Chats that appeared twice in the input (the same file chosen twice): kept once. */
  repeated: number;
}

export interface ParseProgress {
  /** The file being read, and how many of the files are done. */
  file: string;
  done: number;
  total: number;
}

export interface ParseOptions {
  signal?: AbortSignal;
  onProgress?(progress: ParseProgress): void;
  parsers?: readonly ImportParser[];
}

async function headOf(file: ImportFile): Promise<string> {
  return new TextDecoder().decode((await file.bytes()).subarray(0, HEAD_BYTES));
}

/** What to parse: plain files as they are, a zip's entries that a parser recognises. */
async function plan(inputs: readonly InputFile[], parsers: readonly ImportParser[]) {
  const jobs: { file: ImportFile; parser: ImportParser; siblings: Map<string, ImportFile> }[] = [];
  for (const input of inputs) {
    if (input.size === 0) throw new ImportError('empty-file', { file: input.name });
    if (await isZip(input)) {
      const entries = await zipEntries(input);
      const siblings = new Map(entries.map((entry) => [entry.inner, entry.file]));
      let found = 0;
      for (const { inner, file } of entries) {
        if (!/\.json$/i.test(inner)) continue;
        const head = await headOf(file);
        const parser = parsers.find((candidate) => candidate.detect(file, head));
        if (!parser) continue;
        jobs.push({ file, parser, siblings });
        found++;
      }
      if (found === 0) throw new ImportError('zip-without-conversations', { file: input.name });
      continue;
    }
    checkImportSize(input.name, input.size);
    const file = fromFile(input);
    const head = new TextDecoder().decode(new Uint8Array(await input.slice(0, HEAD_BYTES).arrayBuffer()));
    const parser = parsers.find((candidate) => candidate.detect(file, head));
    if (!parser) throw new ImportError('unknown-format', { file: input.name });
    jobs.push({ file, parser, siblings: new Map() });
  }
  return jobs;
}

export async function parseFiles(inputs: readonly InputFile[], options: ParseOptions = {}): Promise<ParsedImport> {
  if (inputs.length === 0) throw new ImportError('no-files', {});
  const jobs = await plan(inputs, options.parsers ?? PARSERS);
  const formats = new Set<ImportApp>();
  const seen = new Set<string>();
  const chats: ImportedChat[] = [];
  const projects = new Map<string, ImportedProject>();
  const skipped = noSkips();
  let repeated = 0;
  for (const [done, { file, parser, siblings }] of jobs.entries()) {
    throwIfAborted(options.signal);
    options.onProgress?.({ file: file.name, done, total: jobs.length });
    const result = await parser.parse(file, { siblings, signal: options.signal });
    formats.add(parser.app);
    for (const reason of Object.keys(skipped) as (keyof SkipCounts)[]) skipped[reason] += result.skipped[reason];
    // A project named by ChatGPT conversations in two files is one project; a projects.json entry says more than a name made up for it.
    for (const project of result.projects ?? []) {
      const key = `${project.source.app}:${project.source.id}`;
      const known = projects.get(key);
      if (!known || (known.files.length === 0 && project.files.length > 0)) projects.set(key, project);
    }
    for (const chat of result.chats) {
      const key = `${chat.source.app}:${chat.source.id}`;
      if (seen.has(key)) {
        repeated++;
        continue;
      }
      seen.add(key);
      chats.push(chat);
    }
  }
  return { formats: [...formats], chats, projects: [...projects.values()], skipped, repeated };
}
