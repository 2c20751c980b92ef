// bench:long's diagnosis, once per run: where a keystroke's main-thread time goes (a Chromium trace
// of the typing, self time per event, style and layout split into what script forced and what the
// frame did, and what they touched), how many React components a keystroke renders, and how many
// message elements a long chat mounts. The renders and the callers that force a layout come from a
// second build without minification (`PARLEY_NO_MINIFY=1`), so components have their names.
import { serveBuild } from '../support/serve-build.mjs';
import { BARE_TEXTAREA, chatPlan, freshPage, openAt, seed, settle } from './common.mjs';
import { countMounted } from './page-probes.mjs';
import { installRenderCounter } from './render-counter.mjs';

// Beyond the timeline's events, Blink's and the compositor's own (`blink`, `cc`, `input`…): without
// them most of a keystroke on a long chat is self time of the task itself, attributed to nothing.
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'v8', 'blink.user_timing', 'blink', 'cc', 'input', 'renderer.scheduler', 'benchmark'];
const START = 'bench:keys-start';
const END = 'bench:keys-end';
/** Trace events that run the page's script: a style or layout inside one was forced by it. */
const SCRIPT = new Set(['FunctionCall', 'EventDispatch', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'v8.callFunction', 'v8.run', 'EvaluateScript', 'v8.evaluateModule', 'FireIdleCallback']);
const STYLE_LAYOUT = new Set(['Layout', 'UpdateLayoutTree', 'RecalculateStyles']);

export async function traced(page, run, categories = CATEGORIES) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' }, transferMode: 'ReportEvents' });
  await page.evaluate((mark) => performance.mark(mark), START);
  await run();
  await page.evaluate((mark) => performance.mark(mark), END);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/** Per keystroke: self time per event name, style/layout forced by script or done by the frame, what they touched, and input events' time. */
export function breakdown(events, keystrokes) {
  const start = events.find((e) => e.name === START);
  const end = events.find((e) => e.name === END);
  const own = events
    .filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === 'X' && e.dur !== undefined && e.ts >= start.ts && e.ts <= end.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const split = { 'style, forced by script': 0, 'style, in the frame': 0, 'layout, forced by script': 0, 'layout, in the frame': 0 };
  const touched = { styleElements: 0, styleRecalcs: 0, layoutObjectsDirty: 0, layoutObjectsTotal: 0, layouts: 0 };
  const dispatch = {};
  const forcedBy = {};
  const stack = [];
  for (const span of own) {
    while (stack.length > 0 && stack.at(-1).end <= span.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, self.get(parent.name) - span.dur / 1000);
    self.set(span.name, (self.get(span.name) ?? 0) + span.dur / 1000);
    if (STYLE_LAYOUT.has(span.name)) {
      const forced = stack.some((s) => SCRIPT.has(s.name));
      const kind = span.name === 'Layout' ? 'layout' : 'style';
      split[`${kind}, ${forced ? 'forced by script' : 'in the frame'}`] += span.dur / 1000;
      if (kind === 'style') {
        touched.styleRecalcs += 1;
        touched.styleElements += span.args?.elementCount ?? span.args?.beginData?.elementCount ?? 0;
      } else {
        touched.layouts += 1;
        touched.layoutObjectsDirty += span.args?.beginData?.dirtyObjects ?? 0;
        touched.layoutObjectsTotal += span.args?.beginData?.totalObjects ?? 0;
      }
      const caller = span.args?.beginData?.stackTrace?.[0] ?? span.args?.data?.stackTrace?.[0];
      if (forced && caller) {
        const key = `${kind} ← ${caller.functionName || '(anonymous)'} ${String(caller.url).split('/').at(-1)}:${caller.lineNumber}`;
        forcedBy[key] = (forcedBy[key] ?? 0) + span.dur / 1000 / keystrokes;
      }
    }
    if (span.name === 'EventDispatch' && span.args?.data?.type) dispatch[span.args.data.type] = (dispatch[span.args.data.type] ?? 0) + span.dur / 1000 / keystrokes;
    stack.push({ name: span.name, end: span.ts + span.dur });
  }
  const tasks = own.filter((e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  let reach = -Infinity;
  let taskMs = 0;
  for (const task of tasks) {
    const stop = task.ts + task.dur;
    if (stop <= reach) continue;
    taskMs += (stop - Math.max(task.ts, reach)) / 1000;
    reach = stop;
  }
  const perKey = (map) => Object.fromEntries([...map].filter(([, v]) => v / keystrokes >= 0.005).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / keystrokes).toFixed(3)]));
  const round = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, +(v / (k in split ? keystrokes : 1)).toFixed(3)]));
  return {
    tasksMs: +(taskMs / keystrokes).toFixed(3),
    selfMs: perKey(self),
    styleLayout: round(split),
    touchedPerKeystroke: Object.fromEntries(Object.entries(touched).map(([k, v]) => [k, +(v / keystrokes).toFixed(1)])),
    inputEventsMs: Object.fromEntries(Object.entries(dispatch).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +v.toFixed(3)])),
    forcedBy: Object.fromEntries(Object.entries(forcedBy).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => [k, +v.toFixed(3)])),
  };
}

/** Types `text` into the page's message box under a trace (and the render counter, if installed). */
async function typeTraced(page, cdp, text) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.focus();
  await settle(page, cdp);
  await page.evaluate(() => window.__benchRenders && Object.assign(window.__benchRenders, { on: true, commits: 0, byName: {} }));
  const events = await traced(page, async () => {
    await page.keyboard.type(text, { delay: 30 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  });
  const renders = await page.evaluate(() => window.__benchRenders && { commits: window.__benchRenders.commits, byName: window.__benchRenders.byName });
  return { events, renders };
}

const perKeystroke = (renders, keystrokes) =>
  renders && {
    commits: +(renders.commits / keystrokes).toFixed(2),
    components: +(Object.values(renders.byName).reduce((a, b) => a + b, 0) / keystrokes).toFixed(2),
    byName: Object.fromEntries(Object.entries(renders.byName).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / keystrokes).toFixed(2)])),
  };

/** The three typing pages of one build, traced; with `counter`, React's renders counted too. */
async function typingPages(browser, url, chats, text, counter) {
  const out = {};
  for (const [name, chat] of [['long', chats.long1], ['empty', null], ['bare', 'bare']]) {
    const { page, cdp } = await freshPage(browser, 'desktop', counter ? [installRenderCounter] : []);
    if (chat === 'bare') await page.setContent(BARE_TEXTAREA);
    else await openAt(page, cdp, url, chat);
    let opened = null;
    if (chat && counter) opened = { mounted: await page.evaluate(countMounted) };
    const { events, renders } = await typeTraced(page, cdp, text);
    out[name] = { ...breakdown(events, text.length), renders: perKeystroke(renders, text.length), opened };
    await page.close();
  }
  return out;
}

/** Renders and mounts while the long chat opens from the sidebar, with the counter on from the click. */
async function openingRenders(browser, url, chat) {
  const { page, cdp } = await freshPage(browser, 'desktop', [installRenderCounter]);
  await openAt(page, cdp, url, null);
  await page.evaluate(() => Object.assign(window.__benchRenders, { on: true, commits: 0, byName: {} }));
  await page.locator(`nav a[href$="chat/${chat.id}"]`).first().click();
  await page.waitForSelector(`[data-message-id="${chat.lastId}"]`);
  const firstScreen = await page.evaluate(countMounted);
  await settle(page, cdp);
  const settled = await page.evaluate(countMounted);
  const renders = await page.evaluate(() => ({ commits: window.__benchRenders.commits, byName: window.__benchRenders.byName }));
  await page.close();
  const top = Object.fromEntries(Object.entries(renders.byName).sort((a, b) => b[1] - a[1]).slice(0, 12));
  return { mountedAtFirstScreen: firstScreen, mountedSettled: settled, commits: renders.commits, renders: top };
}

/** `later`: where to put the second build's server's close, for after the browser has closed (its connections would hold the server open until they time out). */
export async function diagnose(browser, url, chats, { text, serverUrl, later }) {
  console.log('\ndiagnosis: tracing the keystrokes (production build)…');
  const production = await typingPages(browser, url, chats, text, false);
  console.log('diagnosis: renders and forced layouts (a build without minification)…');
  const before = process.env.PARLEY_NO_MINIFY;
  process.env.PARLEY_NO_MINIFY = '1';
  const plain = await serveBuild();
  if (before === undefined) delete process.env.PARLEY_NO_MINIFY;
  else process.env.PARLEY_NO_MINIFY = before;
  try {
    const long = chats.long1.messages;
    const short = chats.short1.messages;
    const plainChats = await seed(browser, plain.url, serverUrl, chatPlan(long, short));
    const named = await typingPages(browser, plain.url, plainChats, text, true);
    const opening = await openingRenders(browser, plain.url, plainChats.long1);
    const result = { production, unminified: named, opening };
    for (const name of ['long', 'empty', 'bare']) {
      console.log(`\n# keystroke on the ${name} page (production build), ms per keystroke`);
      console.log(JSON.stringify({ tasksMs: production[name].tasksMs, styleLayout: production[name].styleLayout, touched: production[name].touchedPerKeystroke, inputEvents: production[name].inputEventsMs }, null, 1));
      console.log('self time by event:', JSON.stringify(production[name].selfMs));
      if (name !== 'bare') {
        console.log('forced by (unminified):', JSON.stringify(named[name].forcedBy));
        console.log('React renders per keystroke:', JSON.stringify(named[name].renders));
      }
    }
    console.log('\n# opening the long chat from the sidebar:', JSON.stringify(opening, null, 1));
    return result;
  } finally {
    later.push(() => plain.close());
  }
}
