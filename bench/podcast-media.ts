// Episode media at size: `KM_PORT_OFFSET=860 npx tsx bench/podcast-media.ts [megabytes=500] [seeks=100] [rounds=10]`
//
// Starts a throw-away test-profile stack (ports shifted by KM_PORT_OFFSET; its S3 server is Ceph's radosgw, ADR 0064),
// then, in one run:
// 1. a direct upload of `megabytes` of MP3 bytes with the gateway's own storage client (ObjectStorage.upload, 5 MiB
//    parts, as a client with the storage credentials would send it): the storage's own ceiling on this machine;
// 2. the same bytes uploaded as an episode through the gateway (admin session, multipart, POST /api/podcast-episodes,
//    mediaSize declared before the file as the site's form sends it), sampling the gateway's resident memory every 10 ms;
// 3. `seeks` concurrent Range requests at random offsets of that episode's /media address, timing each 206 to its first
//    byte, with the gateway's resident memory sampled the same way: one round right after the upload (from storage,
//    while the gateway copies the episode to its disk, ADR 0023), then `rounds` rounds from its copy; next to the same
//    reads straight from storage and from a bare node:http server (the machine's floor for the burst, the seek goal's
//    yardstick: p95 ≤ 1.2× the bare server's in the same run).
// The bytes are generated while they are sent (a real MP3's first 4 KB, then zeros), so the bench holds no file.
// Prints one `<name>: <value> (goal …)` line per figure.
import { ObjectStorage } from '@km/nest-kit/storage';
import { S3_DEV_CREDENTIALS } from '../tools/stack/ceph';
import { S3_BUCKET } from '../tools/stack/infra';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { profileWhile, shareLine } from './gateway-profile';
import { cpuSeconds } from './proc';
import { startBenchStack } from './stack';

const [megabytes = 500, seeks = 100, rounds = 10] = process.argv.slice(2).map(Number);
/** The gateway's inspector, for a CPU profile of its warm seeks taken after the measured rounds. */
const INSPECTOR_PORT_BASE = 9329;
const SIZE = megabytes * 1024 * 1024;
const CHUNK = 1024 * 1024;
// The first 4 KB of a real MP3 (the gateway tests' fixture): what the upload sniffs.
const HEAD = readFileSync(path.join(__dirname, '..', 'services', 'gateway', 'test', 'fixtures', 'podcast', 'a.mp3')).subarray(0, 4096);

/** `size` bytes: HEAD, then zeros, one megabyte at a time. */
function* mediaBytes(size: number): Generator<Buffer> {
  const zeros = Buffer.alloc(CHUNK);
  yield HEAD;
  let sent = HEAD.length;
  while (sent < size) {
    const piece = zeros.subarray(0, Math.min(CHUNK, size - sent));
    sent += piece.length;
    yield piece;
  }
}

function pidOf(pidFile: string, name: string): string {
  const line = readFileSync(pidFile, 'utf8')
    .trim()
    .split('\n')
    .find((l) => l.endsWith(` ${name}`));
  if (!line) throw new Error(`${name} is not in the stack pid file`);
  return line.split(' ')[0];
}

/** Resident memory of a process in bytes (Linux). */
const rssOf = (pid: string) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** Runs `work` while sampling `pid`'s RSS every 10 ms; answers the growth of the peak over the RSS before. */
async function rssGrowth<T>(pid: string, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, rssOf(pid)) - before };
  } finally {
    clearInterval(sampler);
  }
}

/** Posts the episode form with the generated media as its file; resolves with the status and the answer. */
function uploadThroughGateway(base: string, cookie: string, origin: string, fields: Record<string, string>): Promise<{ status: number; body: any }> {
  const boundary = `----km-bench-${Date.now()}`;
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const opening = Buffer.from(
    parts.join('') + `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="bench.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/podcast-episodes', base), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(opening.length + SIZE + closing.length),
        cookie,
        origin,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    const body = Readable.from([opening, ...mediaBytes(SIZE), closing]);
    body.pipe(req);
  });
}

/** One Range request; resolves with the milliseconds to its first body byte and checks it is a 206 of the asked length. */
function rangeRead(url: URL, start: number, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const req = http.get(url, { headers: { range: `bytes=${start}-${start + length - 1}` }, agent: false }, (res) => {
      let first = 0;
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        if (first === 0) first = performance.now() - began;
        received += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 206 && received === length ? resolve(first) : reject(new Error(`Range ${start}+${length}: ${res.statusCode}, ${received} bytes`)),
      );
    });
    req.on('error', reject);
  });
}

/** The same read straight from the storage server with the gateway's storage client: milliseconds to the first byte. */
async function storageRangeRead(storage: ObjectStorage, key: string, start: number, length: number): Promise<number> {
  const began = performance.now();
  const object = await storage.read(key, { start, end: start + length - 1 });
  if (!object) throw new Error(`${key} is not in storage`);
  let first = 0;
  let received = 0;
  for await (const chunk of object.body) {
    if (first === 0) first = performance.now() - began;
    received += (chunk as Buffer).length;
  }
  if (received !== length) throw new Error(`storage Range ${start}+${length}: ${received} bytes`);
  return first;
}

/**
 * A bare node:http server answering any `bytes=a-b` Range of a `size`-byte object from one buffer in memory (no
 * storage, no framework): the floor this machine and this client put under the gateway's figure.
 */
async function bareRangeServer(size: number): Promise<{ url: URL; close: () => Promise<void> }> {
  const bytes = Buffer.alloc(1024 * 1024);
  const server = http.createServer((req, res) => {
    const [start, end] = /bytes=(\d+)-(\d+)/
      .exec(req.headers.range ?? '')!
      .slice(1)
      .map(Number);
    res.writeHead(206, { 'content-type': 'audio/mpeg', 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
    res.end(bytes.subarray(0, end - start + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: new URL(`http://127.0.0.1:${port}/episode.mp3`), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const mbps = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000);

async function main() {
  const inspectorPort = INSPECTOR_PORT_BASE + Number(process.env.KM_PORT_OFFSET);
  const { settings, urls, base, pidFile, stop } = await startBenchStack('test', { gateway: { NODE_OPTIONS: `--inspect=127.0.0.1:${inspectorPort}` } });
  try {
    const origin = `http://localhost:${settings.ports.gateway}`;
    const gateway = pidOf(pidFile, 'gateway');
    console.log(`━━ load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);

    // 1. The same bytes straight into storage with the gateway's storage client. Twice, once before and once after the
    // gateway's upload, and the faster counts, so a slow moment of the shared machine does not flatter the ratio.
    const storage = new ObjectStorage({
      endpoint: urls.s3Endpoint,
      region: 'us-east-1',
      accessKey: S3_DEV_CREDENTIALS.accessKey,
      secretKey: S3_DEV_CREDENTIALS.secretKey,
      bucket: S3_BUCKET,
    });
    const directUpload = async () => {
      const began = performance.now();
      await storage.upload('bench/direct.mp3', Readable.from(mediaBytes(SIZE)), 'audio/mpeg');
      return performance.now() - began;
    };
    console.log(`━━ direct upload of ${megabytes} MB (the gateway's storage client)`);
    const firstDirectMs = await directUpload();

    // 2. The same bytes as an episode through the gateway.
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: settings.adminUsername, password: settings.adminPassword }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`the admin could not sign in: ${login.status}`);
    const fields = (episodeNumber: string) => ({
      title: `Bench episode ${episodeNumber}`,
      // above the demo episodes the stack seeds
      episodeNumber,
      description: 'A large upload for the benchmark.',
      mediaType: 'audio',
      tags: 'bench',
      duration: '09:00:00',
    });
    const uploadEpisode = async (form: Record<string, string>) => {
      const began = performance.now();
      const upload = await rssGrowth(gateway, () => uploadThroughGateway(base, cookie, origin, form));
      if (upload.result.status !== 201) throw new Error(`the upload answered ${upload.result.status}: ${JSON.stringify(upload.result.body)}`);
      if (upload.result.body.mediaSize !== SIZE) throw new Error(`the stored media has ${upload.result.body.mediaSize} bytes, not ${SIZE}`);
      return { ms: performance.now() - began, growth: upload.growth, episode: upload.result.body as { videoUrl: string } };
    };
    // As the site's upload form sends it: the media's size declared before it.
    console.log(`━━ ${megabytes} MB episode upload through the gateway (as the site's form sends it)`);
    const upload = await uploadEpisode({ ...fields('9001'), mediaSize: String(SIZE) });
    console.log(`━━ direct upload of ${megabytes} MB again`);
    const directMs = Math.min(firstDirectMs, await directUpload());
    const gatewayMs = upload.ms;
    const episode = upload.episode;

    // 3. Concurrent seeks into the stored episode. First the floors, with the same client: the storage server alone
    // (the gateway's own storage client), and a bare node:http server answering the same 206s from memory (what this
    // machine takes for the burst itself). Then through the gateway: one round right after the upload, while it reads
    // from storage and makes its copy (ADR 0023), then, once it answers from its copy, `rounds` rounds.
    const seekLength = 64 * 1024;
    const mediaUrl = new URL(episode.videoUrl, base);
    const key = decodeURIComponent(mediaUrl.pathname.slice(1)); // the object key is the path after its first slash
    const randomStart = () => Math.floor(Math.random() * (SIZE - seekLength));
    const seekRounds = async (n: number, read: (start: number) => Promise<number>) => {
      const times: number[] = [];
      for (let round = 0; round < n; round++) times.push(...(await Promise.all(Array.from({ length: seeks }, () => read(randomStart())))));
      return times;
    };
    console.log(`━━ ${seeks} concurrent Range reads × ${rounds} rounds straight from storage`);
    const directSeeks = await seekRounds(rounds, (start) => storageRangeRead(storage, key, start, seekLength));
    console.log(`━━ ${seeks} concurrent Range reads × ${rounds} rounds from a bare node:http server`);
    const bare = await bareRangeServer(SIZE);
    const bareSeeks = await seekRounds(rounds, (start) => rangeRead(bare.url, start, seekLength)).finally(() => bare.close());
    console.log(`━━ ${seeks} concurrent Range reads through the gateway, then ${rounds} rounds once it answers from its copy`);
    const seeking = await rssGrowth(gateway, async () => {
      const began = performance.now();
      const cold = await seekRounds(1, (start) => rangeRead(mediaUrl, start, seekLength));
      while ((await fetch(mediaUrl, { method: 'HEAD' })).headers.get('x-cache') !== 'HIT') {
        if (performance.now() - began > 120_000) throw new Error('the gateway made no copy of the episode within 2 minutes');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const copiedMs = performance.now() - began;
      const cpuBefore = cpuSeconds(pidFile).gateway;
      const warm = await seekRounds(rounds, (start) => rangeRead(mediaUrl, start, seekLength));
      return { cold, copiedMs, warm, cpuMs: ((cpuSeconds(pidFile).gateway - cpuBefore) * 1000) / warm.length };
    });
    // After the measured rounds: a profiler attached costs the gateway time of its own.
    const profile = await profileWhile(inspectorPort, async () => void (await seekRounds(rounds, (start) => rangeRead(mediaUrl, start, seekLength))));

    console.log(`direct upload: ${mbps(SIZE, directMs).toFixed(0)} MB/s (${(directMs / 1000).toFixed(1)} s)`);
    console.log(`gateway upload: ${mbps(SIZE, gatewayMs).toFixed(0)} MB/s (${(gatewayMs / 1000).toFixed(1)} s)`);
    console.log(`upload through the gateway vs direct upload: ${(directMs / gatewayMs).toFixed(2)} (goal ≥ 0.8)`);
    console.log(`gateway RSS growth during the ${megabytes} MB upload: ${(upload.growth / 1024 / 1024).toFixed(1)} MB (goal ≤ 64 MB)`);
    console.log(`range read straight from storage, time to first byte p95: ${percentile(directSeeks, 95).toFixed(1)} ms`);
    console.log(
      `range read from a bare node:http server (this machine's floor for the burst), time to first byte p95: ${percentile(bareSeeks, 95).toFixed(1)} ms`,
    );
    console.log(`range read 206 before the gateway has its copy, time to first byte p95: ${percentile(seeking.result.cold, 95).toFixed(1)} ms`);
    console.log(`gateway's copy of the ${megabytes} MB episode complete after: ${(seeking.result.copiedMs / 1000).toFixed(1)} s`);
    console.log(`range read 206 time to first byte p95: ${percentile(seeking.result.warm, 95).toFixed(1)} ms`);
    console.log(
      `range read 206 vs the bare server, time to first byte p95: ${(percentile(seeking.result.warm, 95) / percentile(bareSeeks, 95)).toFixed(2)}× (goal ≤ 1.2×)`,
    );
    console.log(`gateway CPU per warm Range read: ${seeking.result.cpuMs.toFixed(2)} ms`);
    console.log(`gateway CPU profile of ${rounds} rounds of warm seeks (self time), by module: ${shareLine(profile.modules, 10)}`);
    console.log(`  by function: ${shareLine(profile.functions, 14)}`);
    console.log(`gateway RSS growth during ${seeks} concurrent seeks, its copy included: ${(seeking.growth / 1024 / 1024).toFixed(1)} MB (goal ≤ 32 MB)`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
