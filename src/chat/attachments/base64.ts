/**
 * Bytes to base64 for data URLs, in linear time and without one giant intermediate string:
 * a 5 MB picture is cut into pieces of whole 3-byte groups, each encoded on its own (so the
 * pieces concatenate into valid base64) and joined once at the end.
 */

/** A multiple of 3 (whole base64 groups), small enough for String.fromCharCode's argument list. */
export const BASE64_CHUNK_BYTES = 3 * 8192;

type WithToBase64 = Uint8Array & { toBase64?: () => string };

export function bytesToBase64(bytes: Uint8Array): string {
  // The native encoder, where there is one (Chrome 140+, Firefox 133+, Safari 18.2+).
  const native = (bytes as WithToBase64).toBase64;
  if (typeof native === 'function') return native.call(bytes);
  const pieces: string[] = [];
  for (let at = 0; at < bytes.length; at += BASE64_CHUNK_BYTES) {
    const chunk = bytes.subarray(at, at + BASE64_CHUNK_BYTES);
    pieces.push(btoa(String.fromCharCode.apply(null, chunk as unknown as number[])));
  }
  return pieces.join('');
}

export async function blobToDataUrl(blob: Blob, mimeType = blob.type): Promise<string> {
  return `data:${mimeType};base64,${bytesToBase64(new Uint8Array(await blob.arrayBuffer()))}`;
}
