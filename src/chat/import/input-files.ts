import { ImportError } from './errors';
import type { ImportFile } from './types';

/**
 * The files a person chose (or dropped) as ImportFiles; a zip becomes its entries, read with
 * fflate, loaded only when a zip is there. Entries are inflated one at a time, when asked for.
 */

/**
 * The largest file, or zip entry once unpacked, an import reads: past ~512 M characters a
 * browser cannot hold a text as one string (Chromium's decoder then hands back an empty one, so
 * a 1.2 GB zip bomb read as "empty"). A zip entry is measured by the size its header declares,
 * before anything is inflated; fflate never inflates past that size.
 */
export const MAX_IMPORT_FILE_BYTES = 500 * 1024 * 1024;

/** Refuses a file (or an unpacked entry) of `bytes` over the limit, naming it and the limit. */
export function checkImportSize(name: string, bytes: number): void {
  if (bytes > MAX_IMPORT_FILE_BYTES) throw new ImportError('too-large', { file: name, limit: MAX_IMPORT_FILE_BYTES / (1024 * 1024) });
}

/** "PK\x03\x04": every zip starts with a local file header (an empty one with "PK\x05\x06"). */
const ZIP_MAGIC = [0x50, 0x4b];

/** The part of a File (or Blob with a name) the import reads. */
export interface InputFile {
  readonly name: string;
  readonly size: number;
  slice(start?: number, end?: number): Blob;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function fromFile(file: InputFile): ImportFile {
  return {
    name: file.name,
    size: file.size,
    text: () => file.text(),
    bytes: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

export async function isZip(file: InputFile): Promise<boolean> {
  if (/\.zip$/i.test(file.name)) return true;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === ZIP_MAGIC[0] && head[1] === ZIP_MAGIC[1];
}

/** The zip's files (folders left out), each named `archive.zip/path/in/zip` for messages. */
export async function zipEntries(file: InputFile): Promise<{ inner: string; file: ImportFile }[]> {
  const { unzipSync } = await import('fflate');
  const data = new Uint8Array(await file.arrayBuffer());
  const entries: { name: string; size: number }[] = [];
  try {
    // The filter sees every entry of the central directory; refusing all of them inflates nothing.
    unzipSync(data, {
      filter: (entry) => {
        if (!entry.name.endsWith('/')) entries.push({ name: entry.name, size: entry.originalSize });
        return false;
      },
    });
  } catch {
    throw new ImportError('corrupt-zip', { file: file.name });
  }
  const decoder = new TextDecoder();
  return entries.map(({ name, size }) => {
    let inflated: Promise<Uint8Array> | undefined;
    // Detection peeks at an entry and its parser then reads it: inflate it once.
    const bytes = () => (inflated ??= inflate());
    const inflate = async () => {
      checkImportSize(`${file.name}/${name}`, size);
      try {
        const out = unzipSync(data, { filter: (entry) => entry.name === name })[name];
        if (out) return out;
      } catch {
        // Falls through: an entry that does not inflate is a corrupt archive.
      }
      throw new ImportError('corrupt-zip', { file: `${file.name}/${name}` });
    };
    return { inner: name, file: { name: `${file.name}/${name}`, size, bytes, text: async () => decoder.decode(await bytes()) } };
  });
}
