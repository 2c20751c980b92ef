// `--profile` of bench:stream and bench:sync: a sampling CPU profile (CDP Profiler) of a page's main
// thread, summed (over rounds) as self and inclusive time per function, to find what runs per frame,
// per token or per document. Build with PARLEY_NO_MINIFY=1 for readable names.
const SAMPLING_INTERVAL_US = 100;
const TOP = Number(process.env.PROFILE_TOP ?? 40);

/**
 * Starts profiling `page`; `stop(into, window)` adds the self time per function of the samples
 * inside `window` ({ from, to }: trace timestamps in µs, the profile's clock) to the Map `into`,
 * and each stretch of busy samples (the thread never idle between them) to `stretches`, with the
 * inclusive time of each function in it: what the longest tasks were made of.
 */
export async function startProfile(page, { intervalUs = SAMPLING_INTERVAL_US, stretches = [] } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return {
    async stop(into, window) {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
      const keyOf = ({ functionName, url, lineNumber, columnNumber }) => {
        const where = url ? `${url.split('/').at(-1)}:${lineNumber + 1}:${columnNumber + 1}` : '';
        return `${functionName || '(anonymous)'} ${where}`.trim();
      };
      let at = profile.startTime;
      /** The current run of samples with the thread busy (not idle): a task, or tasks back to back. */
      let stretch = { ms: 0, times: new Map() };
      const endStretch = () => {
        if (stretch.ms > 0) stretches.push(stretch);
        stretch = { ms: 0, times: new Map() };
      };
      for (const [index, id] of profile.samples.entries()) {
        at += profile.timeDeltas[index];
        if (window && (at < window.from || at > window.to)) continue;
        const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
        const key = keyOf(nodes.get(id).callFrame);
        into.set(key, (into.get(key) ?? 0) + ms);
        // Inclusive time: every function on the sample's stack, once.
        const stack = new Set();
        for (let node = id; node !== undefined; node = parents.get(node)) stack.add(keyOf(nodes.get(node).callFrame));
        for (const name of stack) into.set(`total ${name}`, (into.get(`total ${name}`) ?? 0) + ms);
        if (key === '(idle)') endStretch();
        else {
          stretch.ms += ms;
          for (const name of stack) stretch.times.set(name, (stretch.times.get(name) ?? 0) + ms);
        }
      }
      endStretch();
    },
  };
}

/** Prints the functions with the most self time, under `heading`, then the most inclusive time. */
export function printProfile(profile, heading) {
  console.log(`\n${heading}`);
  const self = [...profile].filter(([name]) => !name.startsWith('total '));
  const total = self.filter(([name]) => name !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0);
  const print = (list) => {
    for (const [name, ms] of list.sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${ms.toFixed(1).padStart(9)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  print(self);
  console.log('\nInclusive (the function and what it called):');
  print([...profile].filter(([name]) => name.startsWith('total ') && name !== 'total (root)'));
}

/** The longest busy stretches, each with the functions that took most of it (inclusive). */
export function printStretches(stretches, count = 3, top = Number(process.env.PROFILE_STRETCH_TOP ?? 12)) {
  for (const stretch of [...stretches].sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`\nbusy stretch of ${stretch.ms.toFixed(0)} ms:`);
    const list = [...stretch.times].filter(([name]) => name !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [name, ms] of list) console.log(`${ms.toFixed(1).padStart(9)} ms  ${name}`);
  }
}
