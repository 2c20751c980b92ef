// What bench:stream puts in a page before any of its scripts: the long tasks, and performance marks
// for the trace (main-thread-trace.mjs) when the reply's first token and every one of its last tokens
// (one per answer: three streams end with three) are on screen.

/**
 * Runs in the page (addInitScript). Only the text each mutation adds is searched, so watching costs
 * the page next to nothing however long the reply grows (reading the whole reply each time would be
 * a benchmark cost of its own, quadratic in the reply).
 */
export function markTokens([firstToken, lastTokens, firstMark, lastMark]) {
  const w = window;
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const waiting = new Set(lastTokens);
  const inReply = (node) => (node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement)?.closest('article[aria-label="Assistant"]') != null;
  const seen = (text) => {
    if (!text) return;
    const now = performance.now();
    if (w.__firstAt === undefined && text.includes(firstToken)) w.__firstAt = performance.mark(firstMark, { startTime: now }).startTime;
    for (const token of waiting) if (text.includes(token)) waiting.delete(token);
    if (waiting.size === 0 && w.__shownAt === undefined) w.__shownAt = performance.mark(lastMark, { startTime: now }).startTime;
  };
  new MutationObserver((records) => {
    if (w.__shownAt !== undefined) return;
    for (const record of records) {
      if (record.type === 'characterData') {
        if (inReply(record.target)) seen(record.target.data);
        continue;
      }
      for (const node of record.addedNodes) if (inReply(node)) seen(node.textContent);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}
