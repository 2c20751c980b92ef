import { throwIfAborted } from '../errors';
import { baseName, isRecord } from '../shape';
import type { ImportedChat, ImportedImage, ImportFile } from '../types';

/**
 * Pictures of a ChatGPT zip. A message part `{content_type: 'image_asset_pointer', asset_pointer}`
 * names its file: `file-service://file-AbC123` (older) or `sediment://file_00ab…` (newer); the
 * zip holds it as `file-AbC123-photo.png` or `file_00ab…-<uuid>.png`, in a folder or not.
 */

const POINTER = /^(?:file-service|sediment):\/\/(file[-_][A-Za-z0-9]+)/;
const FILE_ID = /^(file[-_][A-Za-z0-9]+)/;

/** Magic numbers of the picture types a browser shows: a `.dat` file's extension says nothing. */
function sniffImageType(bytes: Uint8Array): string | undefined {
  const at = (i: number) => bytes[i];
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'image/png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) return 'image/gif';
  const riff = String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF';
  if (riff && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'image/webp';
  return undefined;
}

export interface ImageLookup {
  /** The pictures a message part points at that the zip holds (their bytes come with load). */
  find(part: unknown): ImportedImage[];
  /** Reads the bytes of every picture found; drops those that are not pictures. */
  load(chats: ImportedChat[], signal?: AbortSignal): Promise<void>;
}

export function chatgptImages(siblings: ReadonlyMap<string, ImportFile>): ImageLookup {
  const byId = new Map<string, ImportFile>();
  for (const [name, file] of siblings) {
    const id = FILE_ID.exec(baseName(name))?.[1];
    if (id && !byId.has(id)) byId.set(id, file);
  }
  const pending = new Map<ImportedImage, ImportFile>();
  return {
    find(part) {
      if (!isRecord(part) || part.content_type !== 'image_asset_pointer' || typeof part.asset_pointer !== 'string') return [];
      const id = POINTER.exec(part.asset_pointer)?.[1];
      const file = id && byId.get(id);
      if (!file) return [];
      const dimension = (value: unknown) => (typeof value === 'number' && value > 0 ? value : 0);
      const image: ImportedImage = { name: baseName(file.name), mimeType: '', blob: new Blob(), width: dimension(part.width), height: dimension(part.height) };
      pending.set(image, file);
      return [image];
    },
    async load(chats, signal) {
      const bad = new Set<ImportedImage>();
      for (const [image, file] of pending) {
        throwIfAborted(signal);
        const bytes = await file.bytes();
        const type = sniffImageType(bytes);
        if (!type) bad.add(image);
        else Object.assign(image, { mimeType: type, blob: new Blob([bytes as BlobPart], { type }) });
      }
      if (bad.size === 0) return;
      for (const chat of chats) {
        for (const message of chat.messages) {
          if (!message.images) continue;
          message.images = message.images.filter((image) => !bad.has(image));
          if (message.images.length === 0) delete message.images;
        }
      }
    },
  };
}
