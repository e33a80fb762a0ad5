/**
 * CPU time of processes, from /proc (Linux), to tell what limits a load: the API's one Node
 * process or the PostgreSQL backends serving its database. Processes that end in between are not
 * counted (the API's pool keeps its backends).
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) of every process whose command line `matches`. */
export function cpuSeconds(matches: (cmdline: string, pid: number) => boolean): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const cmdline = read(`/proc/${pid}/cmdline`)?.replace(/\0/g, ' ');
    if (!cmdline || !matches(cmdline, pid)) continue;
    // the fields after the command name in parentheses: utime and stime are the 12th and 13th
    const stat = read(`/proc/${pid}/stat`);
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * The API started by startApi on `port` (its environment names the port): any build's main.js, so
 * that BENCH_API_MAIN's (another folder) counts too.
 */
export function apiProcess(port: number): (cmdline: string, pid: number) => boolean {
  return (cmdline, pid) =>
    cmdline.includes('/main.js') && (read(`/proc/${pid}/environ`) ?? '').split('\0').includes(`PORT=${port}`);
}

/** The PostgreSQL backends connected to `database`. */
export function backendsOf(database: string): (cmdline: string) => boolean {
  return (cmdline) => cmdline.startsWith('postgres: ') && cmdline.split(' ').includes(database);
}

/**
 * The machine's CPU time so far, from /proc/stat's first line: `steal` is the time the host gave
 * this virtual machine's CPUs to other guests while they had work, `total` all of it (user, nice,
 * system, idle, iowait, irq, softirq, steal; guest time is already counted in user).
 */
export function machineCpu(stat = readFileSync('/proc/stat', 'utf8')): { steal: number; total: number } {
  const fields = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/).slice(1, 9).map(Number);
  return { steal: fields[7] ?? 0, total: fields.reduce((sum, ticks) => sum + ticks, 0) };
}

/**
 * The share of CPU time stolen by the host, per minute of a run, read every 5 s. On a shared
 * virtual machine a minute with much steal stretches every call of that minute, whatever the
 * program does: a tail that follows the steal is the host's, not the program's.
 */
export class StealSampler {
  private readonly minutes: { steal: number; total: number }[] = [];
  private last = machineCpu();
  private readonly timer: NodeJS.Timeout;

  constructor(started: number, now: () => number) {
    this.timer = setInterval(() => {
      const minute = Math.floor((now() - started) / 60_000);
      while (this.minutes.length <= minute) this.minutes.push({ steal: 0, total: 0 });
      const current = machineCpu();
      this.minutes[minute]!.steal += current.steal - this.last.steal;
      this.minutes[minute]!.total += current.total - this.last.total;
      this.last = current;
    }, 5000);
  }

  /** Minute `index` (0-based): the stolen share of the CPU time, 0-1 (NaN before its first reading). */
  minute(index: number): number {
    const m = this.minutes[index];
    return m && m.total > 0 ? m.steal / m.total : Number.NaN;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
