// Functions that run inside the bench's pages (passed to page.evaluate): they watch a chat open
// and scroll a thread to its top, timing with the page's own clock.

/**
 * Arms a watch for the next click: from it (the event's time) to the frame after the chat's
 * newest message is in the DOM (`shownAt`; when switching, the chat left may still be in the DOM
 * for a frame, so it is the newest message of the chat opened that counts). The thread renders
 * only the messages near the screen (issue 34), so this is "the last message painted": nothing
 * further is painted until the reader scrolls. "The frame after" is a timer queued from the
 * animation frame that first saw the change: it runs once that frame has painted. Results in
 * `window.__watch`.
 */
export function watchNextOpen({ lastId }) {
  const watch = { clickAt: undefined, shownAt: undefined };
  window.__watch = watch;
  document.addEventListener('click', (event) => (watch.clickAt = event.timeStamp), { capture: true, once: true });
  const stopAt = performance.now() + 120_000;
  const frame = () => {
    if (watch.clickAt !== undefined && watch.shownAt === undefined && document.querySelector(`[data-message-id="${lastId}"]`)) {
      setTimeout(() => (watch.shownAt = performance.now()), 0);
      watch.shownAt = null;
    }
    if (watch.shownAt === undefined && performance.now() < stopAt) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** What the open thread has mounted: its message elements, and every element of the document. */
export function countMounted() {
  return {
    messages: document.querySelectorAll('.thread [data-message-id]').length,
    articles: document.querySelectorAll('article').length,
    elements: document.getElementsByTagName('*').length,
  };
}

/**
 * Scrolls the open thread to its top a viewport per animation frame, as a fast flick would,
 * until it is at the top with the chat's first message (`firstId`) in the DOM for 10 frames (or a
 * minute has passed: `reached` false).
 * Returns the frames it took and the time.
 */
export function scrollThreadToTop({ firstId }) {
  const thread = document.querySelector('.thread');
  let scroller = thread;
  while (scroller && !(/(auto|scroll)/.test(getComputedStyle(scroller).overflowY) && scroller.scrollHeight > scroller.clientHeight)) scroller = scroller.parentElement;
  scroller ??= document.scrollingElement;
  const started = performance.now();
  return new Promise((resolve) => {
    let frames = 0;
    let atTop = 0;
    const frame = () => {
      frames += 1;
      if (scroller.scrollTop <= 0 && document.querySelector(`[data-message-id="${firstId}"]`)) atTop += 1;
      else atTop = 0;
      if (atTop >= 10 || performance.now() - started > 60_000) {
        resolve({ frames, ms: performance.now() - started, reached: atTop >= 10, scrollHeight: scroller.scrollHeight });
        return;
      }
      scroller.scrollTop -= scroller.clientHeight;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
