// Claude's projects.json (issue 23): its projects, read into the neutral shape the import writes as Parley projects.
import { ImportError, parseJson, type ImportProblem } from '../errors';
import { pacer } from '../pace';
import { baseName, isoMs, isRecord, mentionsKey, optionalString } from '../shape';
import { noSkips, type ImportedProject, type ImportParser } from '../types';

/**
 * Claude's data export, `projects.json` (issue 23): a list of `{uuid, name, description,
 * is_private, is_starter_project, prompt_template, created_at, updated_at, creator, docs}`, each
 * doc `{uuid, filename, content, created_at}`. Each becomes a Parley project: its name and
 * description, `prompt_template` as its instructions, its docs as text files. Times are ISO 8601.
 */

/** Which project (1-based, with its name) of which file, and what is wrong. */
const projectError = (file: string, index: number, title: string, problem: ImportProblem) => new ImportError('invalid-project', { file, index: index + 1, title }, problem);

function readProject(file: string, index: number, raw: unknown): ImportedProject {
  if (!isRecord(raw)) throw projectError(file, index, '', { code: 'chat-field', params: { field: 'project', expected: 'object' } });
  const name = optionalString(raw.name) ?? '';
  const fail = (problem: ImportProblem) => projectError(file, index, name, problem);
  const id = optionalString(raw.uuid);
  if (!id) throw fail({ code: 'chat-field', params: { field: 'uuid', expected: 'string' } });
  if (raw.docs !== undefined && raw.docs !== null && !Array.isArray(raw.docs)) throw fail({ code: 'chat-field', params: { field: 'docs', expected: 'list' } });
  const createdAt = isoMs(raw.created_at) ?? 0;
  const files = ((raw.docs as unknown[] | null | undefined) ?? []).map((doc, position) => {
    const key = isRecord(doc) ? (optionalString(doc.uuid) ?? `#${position + 1}`) : `#${position + 1}`;
    if (!isRecord(doc) || typeof doc.content !== 'string') throw fail({ code: 'doc-field', params: { doc: key, field: 'content', expected: 'string' } });
    return { name: optionalString(doc.filename)?.trim() || `document-${position + 1}.txt`, text: doc.content, createdAt: isoMs(doc.created_at) ?? createdAt };
  });
  const description = optionalString(raw.description)?.trim();
  const instructions = optionalString(raw.prompt_template)?.trim();
  return {
    source: { app: 'claude', id },
    name: name.trim(),
    ...(description && { description }),
    ...(instructions && { instructions }),
    files,
    createdAt,
    updatedAt: isoMs(raw.updated_at) ?? createdAt,
  };
}

export const claudeProjectsParser: ImportParser = {
  app: 'claude',
  detect: (file, head) => baseName(file.name).toLowerCase().endsWith('.json') && /^\s*\[/.test(head) && mentionsKey(head, 'prompt_template') && !mentionsKey(head, 'chat_messages'),
  async parse(file, context) {
    const data = parseJson(file.name, await file.text());
    if (!Array.isArray(data)) throw new ImportError('wrong-shape', { file: file.name, expected: 'claude' });
    const projects: ImportedProject[] = [];
    const pace = pacer(context.signal);
    for (let index = 0; index < data.length; index++) {
      await pace();
      projects.push(readProject(file.name, index, data[index]));
    }
    return { chats: [], skipped: noSkips(), projects };
  },
};
