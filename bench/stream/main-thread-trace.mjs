// A Chromium trace of one page (CDP Tracing): how long its main thread was busy between two
// performance marks the page set (the first and the last token on screen), and where that time
// went, as self time per trace event. The trace is light: top-level tasks, the page's marks and
// the timeline's events (script, style, layout, paint), no sampling.
export const FIRST_MARK = 'bench:first-token';
export const LAST_MARK = 'bench:last-token';

const CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline', 'v8'];
const TASK = 'ThreadControllerImpl::RunTask';

/** Starts tracing `page`; `stop()` ends it and resolves with the trace's events. `categories`: fewer, for a lighter trace of a long window. */
export async function startTrace(page, categories = CATEGORIES) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
    transferMode: 'ReportEvents',
  });
  return {
    async stop() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      return events;
    },
  };
}

/** Total length of `intervals` ([start, end] pairs) inside [from, to], overlaps counted once. */
function coveredMs(intervals, from, to) {
  const clipped = intervals
    .map(([start, end]) => [Math.max(start, from), Math.min(end, to)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reach = -Infinity;
  for (const [start, end] of clipped) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total / 1000;
}

/**
 * The thread's CPU time (ms) in top-level tasks inside [from, to] (a task cut by the window counts
 * its share): unlike wall time, it does not grow while other processes have the core.
 */
function cpuMs(tasks, from, to) {
  let total = 0;
  let reach = -Infinity;
  for (const task of [...tasks].sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const end = task.ts + task.dur;
    // A task run inside another (a nested loop) is already in its parent's time.
    if (end <= reach) continue;
    reach = end;
    const inside = Math.min(end, to) - Math.max(task.ts, from);
    if (inside > 0 && task.tdur !== undefined) total += (task.tdur * inside) / Math.max(task.dur, 1);
  }
  return total / 1000;
}

/**
 * Self time (ms) per event name on one thread, for complete events that start inside [from, to]:
 * each event's duration less its children's.
 */
function selfTimes(events, from, to) {
  const spans = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1).end <= span.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, self.get(parent.name) - span.dur / 1000);
    self.set(span.name, (self.get(span.name) ?? 0) + span.dur / 1000);
    stack.push({ name: span.name, end: span.ts + span.dur });
  }
  return self;
}

/** What an event's self time counts as, for the summary. */
function kindOf(name) {
  if (/^(Layout|UpdateLayoutTree|ScheduleStyleRecalculation|InvalidateLayout|RecalculateStyles)$/.test(name)) return 'style and layout';
  if (/^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|Commit|PaintImage|CompositeLayers)$/.test(name)) return 'paint';
  if (/GC|Scavenge|MajorGC|MinorGC/.test(name)) return 'GC';
  if (/[Cc]ompile|Parse(Script|Function)/.test(name)) return 'compile';
  if (name === TASK || /^(RunTask|ThreadControllerImpl)/.test(name)) return 'task overhead';
  return 'script and the rest';
}

/**
 * From a page's trace: the main thread's busy time (wall and CPU) between the page's first and last marks, the
 * window's length, and self time by kind and by event name (the top `top`).
 */
export function mainThreadFigures(events, top = 12) {
  const first = events.find((e) => e.name === FIRST_MARK);
  const last = events.find((e) => e.name === LAST_MARK);
  if (!first || !last) return null;
  const own = events.filter((e) => e.pid === first.pid && e.tid === first.tid);
  const taskEvents = own.filter((e) => e.name === TASK && e.ph === 'X');
  const tasks = taskEvents.map((e) => [e.ts, e.ts + e.dur]);
  const self = selfTimes(own, first.ts, last.ts);
  const byKind = {};
  for (const [name, ms] of self) byKind[kindOf(name)] = (byKind[kindOf(name)] ?? 0) + ms;
  const byName = Object.fromEntries([...self].sort((a, b) => b[1] - a[1]).slice(0, top));
  const inWindow = (e) => e.ts >= first.ts && e.ts <= last.ts;
  // Frames that ran animation-frame callbacks (the page's updates), and tasks, in the window.
  const frames = own.filter((e) => e.name === 'FireAnimationFrame' && inWindow(e)).length;
  const windowTasks = taskEvents.filter(inWindow);
  const longest = Math.max(0, ...windowTasks.map((e) => e.dur / 1000));
  // A task's CPU time: on a shared machine a task of 5 ms of work can last 100 ms on the clock.
  const longestCpu = Math.max(0, ...windowTasks.map((e) => (e.tdur ?? e.dur) / 1000));
  return { busyMs: coveredMs(tasks, first.ts, last.ts), cpuMs: cpuMs(taskEvents, first.ts, last.ts), frames, tasks: windowTasks.length, longestTaskMs: longest, longestTaskCpuMs: longestCpu, windowMs: (last.ts - first.ts) / 1000, byKind, byName, window: { from: first.ts, to: last.ts } };
}
