import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds, or undefined when /proc does not have it. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15 (proc(5)).
    const fields = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ');
    const user = Number(fields?.[11]);
    const system = Number(fields?.[12]);
    return Number.isFinite(user) && Number.isFinite(system)
      ? (user + system) / TICKS_PER_SECOND
      : undefined;
  } catch {
    // the process has exited or /proc is absent: no CPU reading.
    return undefined;
  }
}
