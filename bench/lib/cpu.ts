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

/** The API started by startApi on `port` (its environment names the port). */
export function apiProcess(port: number): (cmdline: string, pid: number) => boolean {
  return (cmdline, pid) =>
    cmdline.includes('apps/api/dist/main.js') &&
    (read(`/proc/${pid}/environ`) ?? '').split('\0').includes(`PORT=${port}`);
}

/** The PostgreSQL backends connected to `database`. */
export function backendsOf(database: string): (cmdline: string) => boolean {
  return (cmdline) => cmdline.startsWith('postgres: ') && cmdline.split(' ').includes(database);
}
