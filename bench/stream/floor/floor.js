// The floor's page: the stream is read in a worker, which only splits events at blank lines and
// takes each chunk's content from JSON.parse; the page appends the text to one text node once per
// animation frame and keeps the end in view. No markdown, no store, no saving. (Or, bytes only:
// see floor-worker.js.)
const out = document.querySelector('pre');
let pending = '';
let scheduled = false;

function paint() {
  scheduled = false;
  out.append(pending);
  pending = '';
  document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight;
}

const worker = new Worker(new URL('floor-worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (event) => {
  pending += event.data;
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(paint);
  }
};

/** `bytesOnly`: [first token, last token] to show when their bytes arrive, parsing nothing. */
window.startFloor = (url, model, bytesOnly) => worker.postMessage({ url, model, bytesOnly });
