// Reads the stream, parses each event's JSON, posts the text at most every 8 ms (as Parley's
// stream worker does). With `bytesOnly` it parses nothing: it decodes the bytes and posts the
// first and last tokens when the bytes carrying them have arrived (how fast the transport alone is).
const BATCH_MS = 8;

async function readBytesOnly(reader, [firstToken, lastToken]) {
  const decoder = new TextDecoder();
  let tail = '';
  let sawFirst = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // Only the end of the text so far is kept: enough to find a token cut by a read boundary.
    tail = tail.slice(-64) + decoder.decode(value, { stream: true });
    if (!sawFirst && tail.includes(firstToken)) {
      sawFirst = true;
      postMessage(firstToken);
    }
    if (tail.includes(lastToken)) postMessage(` ${lastToken}`);
  }
}

onmessage = async ({ data: { url, model, bytesOnly } }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'Write the benchmark reply.' }] }),
  });
  const reader = response.body.getReader();
  if (bytesOnly) return readBytesOnly(reader, bytesOnly);
  const decoder = new TextDecoder();
  let buffer = '';
  let batch = '';
  let postedAt = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let start = 0;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n', start)) {
      const data = buffer.slice(start + 'data: '.length, end);
      start = end + 2;
      if (data === '[DONE]') continue;
      const content = JSON.parse(data).choices?.[0]?.delta?.content;
      if (content) batch += content;
    }
    buffer = buffer.slice(start);
    if (performance.now() - postedAt >= BATCH_MS) {
      postMessage(batch);
      batch = '';
      postedAt = performance.now();
    }
  }
  postMessage(batch);
};
