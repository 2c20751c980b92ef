import { pictureExtension, safePictureType } from '../attachments';
import type { ImageAttachment } from '../attachments';
import { newId } from '../../lib/ids';
import type { ToolResult } from '../mcp';

/**
 * Pictures a tool returned, as image attachments of its `tool` message: stored and shown like the
 * user's pictures. Their bytes are kept as the server sent them, but never their declared type
 * unless it is an allowlisted raster one (safePictureType): an SVG or HTML "picture" is kept as
 * inert bytes, named `.bin`, and the thread says it is not shown.
 */

/** Where a PNG's width and height sit (big-endian, in its IHDR chunk), and a GIF's (little-endian). */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const PNG_WIDTH_AT = 16;
const PNG_HEIGHT_AT = 20;
const GIF_SIGNATURE = [0x47, 0x49, 0x46];
const GIF_WIDTH_AT = 6;
const GIF_HEIGHT_AT = 8;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

/** The picture's size from its header, where cheap to read; 0×0 when unknown (the thread sizes it once loaded). */
export function pictureSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, PNG_SIGNATURE) && bytes.length >= PNG_HEIGHT_AT + 4) {
    return { width: view.getUint32(PNG_WIDTH_AT), height: view.getUint32(PNG_HEIGHT_AT) };
  }
  if (startsWith(bytes, GIF_SIGNATURE) && bytes.length >= GIF_HEIGHT_AT + 2) {
    return { width: view.getUint16(GIF_WIDTH_AT, true), height: view.getUint16(GIF_HEIGHT_AT, true) };
  }
  return { width: 0, height: 0 };
}

function decodeBase64(data: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The result's image parts as attachments named after the tool (`search-1.png`, `search-2.bin` for an unsafe type); undecodable ones are left out. */
export function toolPictures(result: ToolResult, tool: string, now: number): ImageAttachment[] {
  const pictures: ImageAttachment[] = [];
  for (const part of result.parts) {
    if (part.type !== 'image') continue;
    const bytes = decodeBase64(part.data);
    if (!bytes) continue;
    const type = safePictureType(part.mimeType);
    pictures.push({
      id: newId(now),
      kind: 'image',
      name: `${tool}-${pictures.length + 1}.${pictureExtension(type)}`,
      mimeType: type,
      size: bytes.byteLength,
      createdAt: now,
      ...pictureSize(bytes),
      blob: new Blob([bytes], { type }),
    });
  }
  return pictures;
}
