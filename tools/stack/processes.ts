import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

export interface Managed {
  name: string;
  child: ChildProcess;
  logFile: string;
  stopSignal: NodeJS.Signals;
  /** Restarts after an unexpected exit (app services), as Kubernetes restarts a crashed pod. */
  restarts?: number;
}

/** Restart backoff: 0.25 s doubling to 8 s, like a kubelet's CrashLoopBackOff but short enough for a test run. */
export const RESTART_BACKOFF_MS = { first: 250, max: 8000, /** Up this long, the next crash starts the backoff over. */ healthyAfter: 30_000 };

/** While this file exists the supervisor does not restart the process `name` (beside the group's pid file). */
export const heldFile = (pidFile: string, name: string) => path.join(path.dirname(pidFile), 'held', name);

/** Every process the stack started, so Ctrl-C stops exactly those and nothing else. */
export class ProcessGroup {
  private readonly managed: Managed[] = [];
  private stopping = false;
  private readonly restartTimers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly logDir: string,
    private readonly pidFile: string,
  ) {
    mkdirSync(logDir, { recursive: true });
  }

  start(
    name: string,
    command: string,
    args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string; stopSignal?: NodeJS.Signals; supervise?: boolean } = {},
  ): Managed {
    const logFile = path.join(this.logDir, `${name}.log`);
    const managed: Managed = { name, child: this.spawnLogged(command, args, options, logFile), logFile, stopSignal: options.stopSignal ?? 'SIGTERM' };
    this.managed.push(managed);
    this.watch(managed, command, args, options, 0, Date.now());
    this.writePids();
    return managed;
  }

  private spawnLogged(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string }, logFile: string): ChildProcess {
    // The child writes its stdout and stderr straight into its log file (append mode, so both land whole): piped
    // through this process, every log line cost it a wake-up, 5% of the fault suite's CPU while the fuzzer ran.
    const log = openSync(logFile, 'a');
    try {
      return spawn(command, args, {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', log, log],
        // Own process group: the terminal's Ctrl-C reaches us, and we stop children in order.
        detached: true,
      });
    } finally {
      closeSync(log);
    }
  }

  /** Reports an unexpected exit; a supervised process is started again after a backoff that grows while it keeps crashing. */
  private watch(
    m: Managed,
    command: string,
    args: string[],
    options: { env?: NodeJS.ProcessEnv; cwd?: string; supervise?: boolean },
    backoffMs: number,
    startedAt: number,
  ) {
    m.child.once('exit', (code, signal) => {
      if (this.stopping) return;
      const how = signal ?? `code ${code}`;
      if (!options.supervise) {
        console.error(`\n✖ ${m.name} exited (${how}). Last lines of ${path.relative(process.cwd(), m.logFile)}:\n${tail(m.logFile)}`);
        return;
      }
      const next =
        Date.now() - startedAt > RESTART_BACKOFF_MS.healthyAfter
          ? RESTART_BACKOFF_MS.first
          : Math.min(Math.max(backoffMs * 2, RESTART_BACKOFF_MS.first), RESTART_BACKOFF_MS.max);
      m.restarts = (m.restarts ?? 0) + 1;
      const line = `${m.name} exited (${how}); restarting in ${(next / 1000).toFixed(2)} s (restart ${m.restarts})`;
      console.error(`\n↻ ${line}`);
      appendFileSync(m.logFile, `\n[supervisor] ${new Date().toISOString()} ${line}\n`);
      const restart = () => {
        if (this.stopping) return;
        // Held (the fault suite keeps Redis stopped for a while, as a StatefulSet scaled to 0): look again shortly.
        if (existsSync(heldFile(this.pidFile, m.name))) {
          this.restartTimers.add(setTimeout(restart, 100));
          return;
        }
        m.child = this.spawnLogged(command, args, options, m.logFile);
        this.writePids();
        this.watch(m, command, args, options, next, Date.now());
      };
      this.restartTimers.add(setTimeout(restart, next));
    });
  }

  /** The processes running now. */
  pids(): number[] {
    return this.managed.filter((m) => this.isRunning(m) && m.child.pid).map((m) => m.child.pid!);
  }

  isRunning(m: Managed): boolean {
    return m.child.exitCode === null && m.child.signalCode === null;
  }

  /** Stops in reverse start order: services before the servers they use. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const timer of this.restartTimers) clearTimeout(timer);
    this.restartTimers.clear();
    for (const m of [...this.managed].reverse()) await stopOne(m);
    this.managed.length = 0;
    this.writePids();
    // The group can start another stack afterwards (the fault suite's, on the test stack's ports).
    this.stopping = false;
  }

  private writePids() {
    writeFileSync(
      this.pidFile,
      this.managed
        .filter((m) => m.child.pid)
        .map((m) => `${m.child.pid} ${m.name}`)
        .join('\n'),
    );
  }
}

async function stopOne(m: Managed) {
  if (m.child.exitCode !== null || m.child.signalCode !== null || !m.child.pid) return;
  const exited = new Promise<void>((resolve) => m.child.once('exit', () => resolve()));
  try {
    process.kill(-m.child.pid, m.stopSignal);
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-m.child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** Process groups recorded by a run of this profile that are still alive (only ours: matched by data folder). */
export function recordedPids(pidFile: string, dataDir: string): number[] {
  if (!existsSync(pidFile)) return [];
  return readFileSync(pidFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => Number(line.split(' ')[0]))
    .filter((pid) => {
      try {
        // Entries are NUL-separated; match the whole entry so `.data/test` never matches `.data/test-600`.
        return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`KM_STACK_DATA_DIR=${dataDir}`);
      } catch {
        return false;
      }
    });
}

/** Kills processes a previous run of this profile left behind (e.g. after `kill -9`). */
export function killLeftovers(pidFile: string, dataDir: string) {
  for (const pid of recordedPids(pidFile, dataDir)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

/**
 * CPU seconds used so far by this command: its own process, the children it has waited for (the build) and the
 * processes of `group` still running (the servers and services), from Linux's /proc; 0 where there is none.
 */
export function cpuSeconds(group: ProcessGroup): number {
  return ['self' as const, ...group.pids()].reduce<number>((sum, pid) => sum + processCpuSeconds(pid), 0);
}

function processCpuSeconds(pid: number | 'self'): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime, stime, cutime and cstime are fields 14 to 17 of proc(5), counted from the state after the name's ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // In clock ticks of USER_HZ, 100 on Linux.
    return fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0) / 100;
  } catch {
    return 0;
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, managed?: Managed, group?: ProcessGroup): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    if (managed && group && !group.isRunning(managed)) throw new Error(`${what} stopped while starting; see ${managed.logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s${managed ? `; see ${managed.logFile}:\n${tail(managed.logFile)}` : ''}`);
}

/**
 * A 2xx within a second. Through node:http, not fetch: fetch refuses the Fetch standard's "bad ports", and 4045 is one
 * (membership's test port at KM_PORT_OFFSET=140).
 */
export function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
