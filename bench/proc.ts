// What the benchmarks read about the stack's processes from Linux's /proc.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) each process of the stack's pid file has used so far, with its direct children's
 * (Postgres's backends, the node that tsx starts). Take it before and after a run: the difference is the run's cost,
 * whatever else the machine is doing.
 */
export function cpuSeconds(pidFile: string): Record<string, number> {
  const ticks = (pid: string) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const perSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString());
  const usage: Record<string, number> = {};
  for (const line of readFileSync(pidFile, 'utf8').trim().split('\n')) {
    const [pid, name] = line.split(' ');
    let children: string[] = [];
    try {
      children = execFileSync('ps', ['-o', 'pid=', '--ppid', pid]).toString().trim().split(/\s+/).filter(Boolean);
    } catch {
      // no children
    }
    usage[name] = [pid, ...children].reduce((sum, p) => sum + ticks(p), 0) / perSecond;
  }
  return usage;
}
