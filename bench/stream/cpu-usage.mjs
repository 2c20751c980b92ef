// CPU time per thread on Linux, from /proc: who used the machine's cores during a reply. The
// benchmark's processes share two cores, so a page that keeps up needs the CPU to be there.
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ), which /proc's times are counted in. */
const TICKS_PER_SECOND = 100;

/** What a thread is, for the report: its process type and thread name grouped into a few kinds. */
function kindOf(processType, thread, ownPid, pid) {
  if (pid === ownPid) return 'Node: test server, static server, Playwright';
  if (processType === 'renderer') {
    if (thread === 'chromium') return 'page: main thread';
    if (thread.startsWith('DedicatedWorker')) return 'page: worker';
    if (thread.startsWith('ThreadPoolForeg') || thread.startsWith('CompositorTile')) return 'page: raster, GC and compile threads';
    return 'page: other threads (compositor, IO)';
  }
  return 'Chromium: browser, GPU and network processes';
}

function readText(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Milliseconds of CPU per thread of Chromium's processes and this Node process, or null off Linux. */
export function cpuSnapshot() {
  if (process.platform !== 'linux') return null;
  const threads = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const commandLine = readText(`/proc/${pid}/cmdline`);
    if (commandLine === undefined) continue;
    const own = Number(pid) === process.pid;
    if (!own && !commandLine.includes('chromium')) continue;
    const processType = commandLine.match(/--type=([a-z-]+)/)?.[1] ?? 'browser';
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const stat = readText(`/proc/${pid}/task/${tid}/stat`);
      if (!stat) continue;
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the name: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      threads.set(`${pid}/${tid}`, { kind: kindOf(processType, name, process.pid, Number(pid)), ms });
    }
  }
  return threads;
}

/** CPU ms per kind of thread between two snapshots (threads that started in between count from 0). */
export function cpuBetween(before, after) {
  if (!before || !after) return null;
  const byKind = {};
  for (const [id, { kind, ms }] of after) byKind[kind] = (byKind[kind] ?? 0) + ms - (before.get(id)?.ms ?? 0);
  return byKind;
}
