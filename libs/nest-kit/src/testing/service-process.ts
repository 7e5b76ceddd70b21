import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { testNatsUrl } from './config';

export interface ServiceProcess {
  name: string;
  /** The service's probes (`/health`, `/ready`). */
  httpUrl: string;
  /** Stops the service as its orchestrator would (SIGTERM, then SIGKILL after 10 s) and waits for it to exit. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Starts another service the way its image does (`node <its package main>`), as its own bus user, against the test
 * stack's servers, and resolves once its `/ready` probe answers 200. `entry` is `require.resolve('@km/<name>')`:
 * a test gets a service it does not own this way, never by importing its code. `env` is that service's settings
 * (its database, keys); NATS_URL, HTTP_HOST/PORT and LOG_LEVEL are filled in.
 */
export async function startServiceProcess(name: string, entry: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  // The child runs compiled JavaScript: no loader of the test run (e.g. tsx) is needed there.
  const { NODE_OPTIONS: _loaders, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
    env: { ...inherited, NATS_URL: testNatsUrl(name), HTTP_HOST: '127.0.0.1', HTTP_PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  const httpUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited while starting (${child.exitCode ?? child.signalCode}): ${stderr}`);
    const ready = await fetch(`${httpUrl}/ready`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} was not ready within 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    httpUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.kill('SIGTERM');
      await exited(child);
      clearTimeout(killer);
    },
  };
}
