// What the test server's audio routes (issue 39) answer and how they read a request: a real WAV
// made in code (a short sine tone, so a browser can decode and play it), bytes that are no audio at
// all (a speech server's garbage), and a multipart/form-data body taken apart as a server would.

/** A mono 16-bit PCM WAV of a sine tone: a correct RIFF header, `seconds` long. */
export function sineWav({ seconds = 0.2, frequency = 440, sampleRate = 16000, volume = 0.3 } = {}) {
  const samples = Math.max(1, Math.round(seconds * sampleRate));
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * volume * 32767), 44 + i * 2);
  }
  return new Uint8Array(wav.buffer, wav.byteOffset, wav.byteLength);
}

/** Bytes no decoder takes for audio: what a broken speech server sends as `audio/mpeg`. */
export const GARBAGE_AUDIO = new Uint8Array(Buffer.from('this is not audio, just text pretending to be an mp3 file\n'.repeat(8)));

/** The boundary of a `multipart/form-data` content type, or undefined. */
function boundaryOf(contentType) {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * A multipart/form-data body's parts: text fields by name, and the file parts with their bytes,
 * file name and content type. Undefined when the body is not multipart.
 */
export function parseMultipart(body, contentType) {
  const boundary = boundaryOf(contentType);
  if (!boundary || !/^multipart\/form-data/i.test(contentType ?? '')) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = {};
  const files = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    // `--` after the delimiter closes the body.
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const content = part.subarray(split + 4);
    const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim();
    if (name !== undefined) {
      if (filename !== undefined) files.push({ field: name, name: filename, contentType: type ?? 'application/octet-stream', bytes: new Uint8Array(content) });
      else fields[name] = content.toString('utf8');
    }
    at = next;
  }
  return { fields, files };
}
