// The files a Python run reads at /mnt/data (issue 36): every file attached to the chat's messages,
// as bytes, under names a file system takes. Read-only in the run; the chat keeps the originals.
import { isFileName, MAX_RUN_FILE_BYTES, MAX_RUN_FILES, MAX_RUN_FILES_BYTES } from '../../lib/sandbox-wire';
import type { Attachment, AttachmentRef } from '../attachments';
import type { Message } from '../types';
import type { RunFile } from './sandbox-protocol';

/** A name a run's file system takes: no folder separators, no leading dot, bounded; a repeat numbered. */
export function runFileName(name: string, taken: ReadonlySet<string>): string {
  let plain = name.replace(/[/\\\0]/g, '_').replace(/^\.+/, '_').slice(-150) || 'file';
  if (!isFileName(plain)) plain = 'file';
  if (!taken.has(plain)) return plain;
  const dot = plain.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [plain.slice(0, dot), plain.slice(dot)] : [plain, ''];
  for (let n = 2; ; n += 1) if (!taken.has(`${stem} (${n})${extension}`)) return `${stem} (${n})${extension}`;
}

/** An attachment's bytes as the user gave them: a text file's text, a picture's stored image, a PDF's file (or its text when the file was not kept). */
async function bytesOf(attachment: Attachment): Promise<{ data: ArrayBuffer; asText: boolean } | null> {
  if (attachment.kind === 'text') return { data: new TextEncoder().encode(attachment.text).buffer as ArrayBuffer, asText: false };
  if (attachment.kind === 'image') return { data: await attachment.blob.arrayBuffer(), asText: false };
  if (attachment.source) return { data: await attachment.source.arrayBuffer(), asText: false };
  return attachment.text ? { data: new TextEncoder().encode(attachment.text).buffer as ArrayBuffer, asText: true } : null;
}

/**
 * The chat's files, oldest first, within the run's bounds (MAX_RUN_FILES, their bytes); `load` reads
 * one attachment with its bytes (the store's loadAttachment). Files past the bounds, or whose bytes
 * are gone, are named in `left` so the run's output can say so.
 */
export async function runFilesOf(messages: readonly Message[], load: (id: string) => Promise<Attachment | undefined>): Promise<{ files: RunFile[]; left: string[] }> {
  const refs: AttachmentRef[] = [];
  const seen = new Set<string>();
  for (const message of messages) for (const ref of message.attachments ?? []) if (!seen.has(ref.id)) (seen.add(ref.id), refs.push(ref));
  const files: RunFile[] = [];
  const left: string[] = [];
  const taken = new Set<string>();
  let total = 0;
  for (const ref of refs) {
    const attachment = await load(ref.id).catch(() => undefined);
    const bytes = attachment && (await bytesOf(attachment).catch(() => null));
    if (!bytes || files.length >= MAX_RUN_FILES || bytes.data.byteLength > MAX_RUN_FILE_BYTES || total + bytes.data.byteLength > MAX_RUN_FILES_BYTES) {
      left.push(ref.name);
      continue;
    }
    // A PDF whose file was not kept is there as its text, under its name with .txt added.
    const name = runFileName(bytes.asText ? `${ref.name}.txt` : ref.name, taken);
    taken.add(name);
    total += bytes.data.byteLength;
    files.push({ name, data: bytes.data });
  }
  return { files, left };
}
