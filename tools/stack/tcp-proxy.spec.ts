import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { ROOT } from './config';
import { ProcessGroup, tcpOpen } from './processes';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
/** Until `probe` answers true, for up to 60 s: starting tsx on a machine busy with lint and the test stack can take seconds. */
const waitFor = async (probe: () => Promise<boolean>) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) if (await probe()) return;
  throw new Error('the proxy did not listen within 60 s');
};

describe('tcp-proxy.ts (the fault suite cuts orders’ Postgres connections with it)', () => {
  let echo: net.Server;
  let proxy: ChildProcess;
  let proxyPort: number;
  beforeAll(async () => {
    // The proxy resets the echo's side too: that is expected, not a failure of the test.
    echo = net.createServer((socket) => socket.on('error', () => undefined).pipe(socket)).listen(0, '127.0.0.1');
    await new Promise((r) => echo.once('listening', r));
    proxyPort = await freePort();
    const target = String((echo.address() as net.AddressInfo).port);
    proxy = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'tcp-proxy.ts'), String(proxyPort), target], { cwd: ROOT, stdio: 'ignore' });
    await waitFor(async () => (await tcpOpen(proxyPort)) || (await new Promise((r) => setTimeout(() => r(false), 100))));
  });
  afterAll(() => {
    proxy.kill('SIGKILL');
    echo.close();
  });

  test('forwards both ways; SIGUSR1 resets every open connection mid-stream, and new connections pass again', async () => {
    const client = net.connect(proxyPort, '127.0.0.1');
    const echoed = await new Promise<string>((resolve) => {
      client.once('data', (d) => resolve(d.toString()));
      client.write('ping');
    });
    assert.equal(echoed, 'ping');
    const closed = new Promise<string>((resolve) => {
      client.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      client.once('close', () => resolve('closed without an error'));
    });
    proxy.kill('SIGUSR1');
    assert.equal(await closed, 'ECONNRESET', 'the open connection is reset, as a dropped network would');

    const again = net.connect(proxyPort, '127.0.0.1');
    const second = await new Promise<string>((resolve) => {
      again.once('data', (d) => resolve(d.toString()));
      again.write('pong');
    });
    assert.equal(second, 'pong');
    again.destroy();
  });
});

describe('ProcessGroup logs', () => {
  test('a child whose stdout closes before its last stderr lines keeps them, and the stack survives it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'km-group-'));
    const group = new ProcessGroup(dir, path.join(dir, 'pids'));
    try {
      // stdout closed first, then a crash's last words on stderr: once a write after end that killed the runner.
      const child = group.start('late', 'sh', ['-c', 'exec 1>&-; sleep 0.2; echo "last words" >&2'], {}).child;
      await new Promise((r) => child.once('close', r));
      await new Promise((r) => setTimeout(r, 50));
      assert.match(readFileSync(path.join(dir, 'late.log'), 'utf8'), /last words/);
    } finally {
      await group.stopAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
