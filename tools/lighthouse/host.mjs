// How busy the host is with work that is not this run's (Linux, /proc): Lighthouse's simulated throttling
// multiplies the main thread's observed time by four, so another program's burst on a 2-core machine shows as
// blocking time of whichever screen was being loaded. A run waits for a quiet host and is taken again when
// something else took the CPU meanwhile.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** hostTicks is the whole machine's busy and total CPU ticks so far, or null off Linux. */
function hostTicks() {
  if (!existsSync('/proc/stat')) return null;
  const v = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - v[3] - v[4], total };
}

/** ourTicks is the CPU time of this process and every process under it (the shop, Chromium and theirs). */
function ourTicks() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // the command name may hold spaces and brackets: the fields that follow start after its last ')'
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch { /* ended meanwhile */ }
  }
  const children = new Map();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let sum = 0;
  const walk = (pid) => {
    sum += procs.get(pid)?.ticks ?? 0;
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(process.pid);
  return sum;
}

/** mark starts a window: its others() is the share of the machine's CPU taken by other programs since. */
export function mark() {
  const host = hostTicks();
  const ours = ourTicks();
  return {
    others() {
      if (!host) return 0;
      const now = hostTicks();
      const total = now.total - host.total;
      return total > 0 ? Math.max(0, (now.busy - host.busy - (ourTicks() - ours)) / total) : 0;
    },
  };
}

/**
 * waitForQuiet waits until other programs have taken at most share of the machine over a second, for at most
 * maxMs; it returns how long it waited.
 */
export async function waitForQuiet(share, maxMs) {
  const started = Date.now();
  for (;;) {
    const m = mark();
    await new Promise((r) => setTimeout(r, 1000));
    if (m.others() <= share || Date.now() - started >= maxMs) return Date.now() - started;
  }
}
