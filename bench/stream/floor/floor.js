// The floor's pages: the stream is read in a worker, which only splits events at blank lines and
// takes each chunk's content from JSON.parse; once per animation frame the page shows the text
// that came and keeps the end in view. No markdown, no store, no saving. Two ways to show it:
// appended to one text node (`text`), or every blank-line block its own <p> (`paragraphs`: the
// least a page showing a reply's blocks must do). (Or, bytes only: see floor-worker.js.)
const article = document.querySelector('article');
let pending = '';
let scheduled = false;
let show = () => {};

/** The text floor: one <pre>, the text appended. */
function textShower() {
  const out = document.createElement('pre');
  article.append(out);
  return (text) => out.append(text);
}

/**
 * The paragraph floor: the text cut at blank lines, scanning only what came; the block being
 * written grows by a text node per frame, and each finished block stays as it was.
 */
function paragraphShower() {
  let open = null;
  // A newline at the end of a frame's text may be the first half of a blank line.
  let held = '';
  const start = () => {
    open = document.createElement('p');
    article.append(open);
  };
  return (incoming) => {
    let text = held + incoming;
    held = '';
    if (text.endsWith('\n') && !text.endsWith('\n\n')) {
      held = '\n';
      text = text.slice(0, -1);
    }
    const blocks = text.split('\n\n');
    for (const [index, block] of blocks.entries()) {
      if (index > 0 || open === null) start();
      if (block !== '') open.append(block);
    }
  };
}

function paint() {
  scheduled = false;
  show(pending);
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

/**
 * `shape`: 'text' or 'paragraphs'; `bytesOnly`: [first token, last token] to show when their
 * bytes arrive, parsing nothing.
 */
window.startFloor = (url, model, bytesOnly, shape = 'text') => {
  show = shape === 'paragraphs' ? paragraphShower() : textShower();
  worker.postMessage({ url, model, bytesOnly });
};
