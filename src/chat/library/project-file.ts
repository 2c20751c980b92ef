/**
 * A file added to a project, read by the attachment pipeline into the text the project keeps
 * (a PDF's extracted text, never its bytes). A named door: the project's page loads it, the
 * library's door loads with requests.
 */
import { newId } from '../../lib/ids';
import { classifyFile, textTokens, type AttachmentErrorCode } from '../attachments';
import { getChatStore } from '../store';
import type { LibraryProject, ProjectFile } from '../types';

/** Why a file was not added: a code of the attachment pipeline, 'image' (pictures are a message's, not a project's) or 'no-text' (a scanned PDF). */
export type ProjectFileRefusal = AttachmentErrorCode | 'image' | 'no-text';

export class ProjectFileError extends Error {
  override readonly name = 'ProjectFileError';
  constructor(
    readonly code: ProjectFileRefusal,
    readonly fileName: string,
  ) {
    super(`${fileName}: ${code}`);
  }
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
    return { id: newId(), name: file.name, kind: prepared.kind, mimeType: prepared.mimeType, size: file.size, text: prepared.text, addedAt: now() };
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
