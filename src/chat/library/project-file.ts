/**
 * A file added to a project, read by the attachment pipeline into the text the project keeps
 * (a PDF's extracted text, never its bytes). A named door: the project's page loads it, the
 * library's door loads with requests.
 */
import { newId } from '../../lib/ids';
import { classifyFile, textTokens, type AttachmentErrorCode } from '../attachments';
import { MAX_NAME_CHARS, MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS } from '../shapes/library-record';
import { getChatStore } from '../store';
import type { LibraryProject, ProjectFile } from '../types';

/**
 * Why a file was not added: a code of the attachment pipeline, 'image' (pictures are a message's,
 * not a project's), 'no-text' (a scanned PDF), or a limit of the project's row it would pass
 * ('too-many-files', 'too-much-text': readLibraryRecord's, which backup, restore and sync read with).
 */
export type ProjectFileRefusal = AttachmentErrorCode | 'image' | 'no-text' | 'too-many-files' | 'too-much-text';

export class ProjectFileError extends Error {
  override readonly name = 'ProjectFileError';
  constructor(
    readonly code: ProjectFileRefusal,
    readonly fileName: string,
    /** For a limit: the most files, or characters of text, a project keeps. */
    readonly limit?: number,
  ) {
    super(`${fileName}: ${code}`);
  }
}

/** What marks the cut in a name too long to keep whole. */
const NAME_CUT = '…';

/**
 * The name a project keeps for a file: whole when the row may hold it (MAX_NAME_CHARS), else its
 * head cut and its extension kept, so the project's row still reads (a file system allows 255).
 */
export function projectFileName(name: string): string {
  if (name.length <= MAX_NAME_CHARS) return name;
  const dot = name.lastIndexOf('.');
  // An extension only when short: a dot early in a long name is not one.
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const room = MAX_NAME_CHARS - NAME_CUT.length - extension.length;
  let head = '';
  // By code point: a cut never splits a surrogate pair.
  for (const char of name.slice(0, name.length - extension.length)) {
    if (head.length + char.length > room) break;
    head += char;
  }
  return `${head}${NAME_CUT}${extension}`;
}

/**
 * The read files that fit beside the project's `existing` ones, in order, and a refusal naming
 * each that would take the project past a limit of its row: the row the page makes is one its own
 * reader (backup, restore, sync) accepts. A smaller file after a refused one may still fit.
 */
export function fitProjectFiles(existing: readonly ProjectFile[], added: readonly ProjectFile[]): { kept: ProjectFile[]; refused: ProjectFileError[] } {
  let count = existing.length;
  let chars = existing.reduce((sum, file) => sum + file.text.length, 0);
  const kept: ProjectFile[] = [];
  const refused: ProjectFileError[] = [];
  for (const file of added) {
    if (count + 1 > MAX_PROJECT_FILES) refused.push(new ProjectFileError('too-many-files', file.name, MAX_PROJECT_FILES));
    else if (chars + file.text.length > MAX_PROJECT_TEXT_CHARS) refused.push(new ProjectFileError('too-much-text', file.name, MAX_PROJECT_TEXT_CHARS));
    else {
      kept.push(file);
      count += 1;
      chars += file.text.length;
    }
  }
  return { kept, refused };
}

/** Reads one file into a ProjectFile; a file that can't be one throws a ProjectFileError naming it. */
export async function readProjectFile(file: File, now: () => number = Date.now): Promise<ProjectFile> {
  const verdict = classifyFile(file);
  if ('refused' in verdict) throw new ProjectFileError(verdict.refused, file.name);
  if (verdict.kind === 'image') throw new ProjectFileError('image', file.name);
  const { prepareAttachment, AttachmentError } = await import('../attachments/prepare-attachment');
  const settings = getChatStore().attachmentHost().settings;
  try {
    // Never an image here, so the image processor is never asked for.
    const prepared = await prepareAttachment(file, { images: undefined as never, pdfWorkerUrl: settings.pdfWorkerUrl, now });
    if (prepared.kind === 'image') throw new ProjectFileError('image', file.name);
    if (prepared.kind === 'pdf' && !prepared.hasTextLayer) throw new ProjectFileError('no-text', file.name);
    return { id: newId(), name: projectFileName(file.name), kind: prepared.kind, mimeType: prepared.mimeType, size: file.size, text: prepared.text, addedAt: now() };
  } catch (error) {
    if (error instanceof ProjectFileError) throw error;
    if (error instanceof AttachmentError) throw new ProjectFileError(error.code, file.name);
    throw error;
  }
}

/** A file's cost of the context (characters / 4, as a message's text file). */
export const projectFileTokens = (file: Pick<ProjectFile, 'text'>): number => textTokens(file.text);

/** What all of a project's files cost. */
export const projectTokens = (project: Pick<LibraryProject, 'files'>): number => project.files.reduce((sum, file) => sum + projectFileTokens(file), 0);
