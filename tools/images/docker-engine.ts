import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** Debian's docker client (the image's newer /usr/local/bin/docker wants buildx; /work/shared/PLATFORM.md). */
export const DOCKER_CLIENT = '/usr/bin/docker';
const DOCKERD = '/usr/sbin/dockerd';

export interface DockerEngine {
  /** Runs the docker client against this engine; throws with its output when it fails. */
  run(args: string[], options?: { input?: string; quiet?: boolean; env?: NodeJS.ProcessEnv }): string;
  /** Like run, with the output streamed to this terminal (long builds), each line after `prefix` when one is given. */
  stream(args: string[], prefix?: string): Promise<void>;
  socket: string;
  stop(): Promise<void>;
}

/**
 * Debian's Docker engine on a private socket (ADR 0068): its own data root under the stack's data folder, no iptables
 * rules and no default bridge (the bridges' address ranges are private; builds and containers use the host network).
 * A short exec root under /tmp keeps containerd's socket paths under the 108-byte limit of a Unix socket address.
 */
export async function startDockerEngine(dataDir: string, name: string): Promise<DockerEngine> {
  const base = path.join(dataDir, 'docker');
  mkdirSync(base, { recursive: true });
  const execRoot = `/tmp/km-docker-${name}`;
  const socket = `${execRoot}.sock`;
  const pidFile = path.join(base, 'dockerd.pid');
  const client = (args: string[]) => [`--host=unix://${socket}`, ...args];
  const alive = () => spawnSync(DOCKER_CLIENT, client(['info', '--format', '{{.ServerVersion}}']), { encoding: 'utf8' }).status === 0;

  let child: ChildProcess | undefined;
  if (!alive()) {
    const log = openSync(path.join(base, 'dockerd.log'), 'a');
    child = spawn(
      DOCKERD,
      [
        `--data-root=${path.join(base, 'data')}`,
        `--exec-root=${execRoot}`,
        `--host=unix://${socket}`,
        `--pidfile=${pidFile}`,
        '--iptables=false',
        '--ip-masq=false',
        '--bridge=none',
      ],
      { stdio: ['ignore', log, log], detached: true },
    );
    closeSync(log);
    const deadline = Date.now() + 60_000;
    while (!alive()) {
      if (child.exitCode !== null) throw new Error(`dockerd exited (${child.exitCode}); see ${path.join(base, 'dockerd.log')}`);
      if (Date.now() > deadline) throw new Error(`dockerd did not answer within 60 s; see ${path.join(base, 'dockerd.log')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const env = (extra?: NodeJS.ProcessEnv) => ({ ...process.env, DOCKER_BUILDKIT: '1', ...extra });
  return {
    socket,
    run(args, options = {}) {
      const result = spawnSync(DOCKER_CLIENT, client(args), { encoding: 'utf8', input: options.input, env: env(options.env), maxBuffer: 64 * 1024 * 1024 });
      if (result.status !== 0) throw new Error(`docker ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`);
      return result.stdout.trim();
    },
    stream(args, prefix) {
      return new Promise((resolve, reject) => {
        const proc = spawn(DOCKER_CLIENT, client(args), { stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'], env: env() });
        // Builds that run side by side (ADR 0076) are told apart by the prefix of their lines.
        for (const [from, to] of [
          [proc.stdout, process.stdout],
          [proc.stderr, process.stderr],
        ] as const)
          if (from) createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
        // 'close' comes after the output has been read to its end
        proc.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker ${args.slice(0, 2).join(' ')} … failed (${code})`))));
      });
    },
    async stop() {
      // Only an engine this call started is stopped; one that was already running belongs to someone else.
      if (!child) return;
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : child.pid;
      if (pid) process.kill(pid, 'SIGTERM');
      const deadline = Date.now() + 30_000;
      while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    },
  };
}
