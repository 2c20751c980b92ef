// What the test servers (openai-server, mcp-server) share about plain Node HTTP.

/** How long a browser may cache a preflight answer; tests never wait on it. */
export const PREFLIGHT_MAX_AGE_S = 600;

/** A request's whole body as UTF-8 text. */
export async function readBody(req) {
  return (await readBodyBytes(req)).toString('utf8');
}

/** A request's whole body as bytes (a multipart upload's audio is not text). */
export function readBodyBytes(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
