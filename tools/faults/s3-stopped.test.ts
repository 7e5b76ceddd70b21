import { EPISODE_MEDIA_PREFIX } from '@km/contracts/media';
import { ObjectStorage, STORAGE_UNAVAILABLE } from '@km/nest-kit/storage';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { tcpOpen } from '../stack/processes';
import { hold, note, pidOf, release, Session, signedInAdmin, stack, waitUntil } from './stack';

/**
 * The S3 server (Ceph's radosgw, ADR 0064) killed while an episode's media streams through the gateway into it, and
 * kept down as a Deployment scaled to 0: the upload is answered 503 with a message a person can act on, no episode
 * is created and no object of it is listed; once the server is back the same upload succeeds and its media is served.
 */

const MB = 1024 * 1024;
/** Sent before the server is stopped: two 5 MiB parts and more, so a multipart upload is under way in storage. */
const BEFORE_STOP = 16 * MB;
const SIZE = 40 * MB;
// The first 4 KB of a real MP3 (the gateway tests' fixture): what the upload sniffs.
const HEAD = readFileSync(path.join(__dirname, '..', '..', 'services', 'gateway', 'test', 'fixtures', 'podcast', 'a.mp3')).subarray(0, 4096);

const env = stack.gatewayEnv;
const storage = new ObjectStorage({
  endpoint: `http://${env.S3_ENDPOINT}:${env.S3_PORT}`,
  region: env.S3_REGION ?? 'us-east-1',
  accessKey: env.S3_ACCESS_KEY,
  secretKey: env.S3_SECRET_KEY,
  bucket: env.S3_BUCKET,
});
const s3Port = Number(env.S3_PORT);
const s3Answers = async () => (await fetch(`http://127.0.0.1:${s3Port}/`, { signal: AbortSignal.timeout(2000) })).status > 0;

interface Answer {
  status: number;
  body: any;
}

/**
 * Posts the episode form as the site sends it (mediaSize before the file), writing `size` bytes of MP3; `midway` runs
 * once `pauseAt` bytes of the file are written and the rest waits for it.
 */
function uploadEpisode(admin: Session, episodeNumber: number, size: number, pauseAt = size, midway = async () => undefined): Promise<Answer> {
  const boundary = `----km-fault-${episodeNumber}`;
  const fields = {
    title: `Storage outage ${episodeNumber}`,
    episodeNumber: String(episodeNumber),
    description: 'Uploaded while the S3 server was stopped.',
    mediaType: 'audio',
    tags: 'faults',
    duration: '00:30:00',
    mediaSize: String(size),
  };
  const opening = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="outage.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/podcast-episodes', stack.gatewayUrl), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(opening.length + size + closing.length),
        cookie: admin.cookieHeader,
        origin: new URL(stack.gatewayUrl).origin,
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    // The gateway may answer and close before the last bytes are written: the answer is what counts.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const write = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise<void>((r) => req.once('drain', () => r())));
    void (async () => {
      await write(opening);
      await write(HEAD);
      let sent = HEAD.length;
      let paused = false;
      while (sent < size && !req.destroyed) {
        if (!paused && sent >= pauseAt) {
          paused = true;
          await midway();
        }
        const piece = Buffer.alloc(Math.min(MB, size - sent));
        sent += piece.length;
        await write(piece);
      }
      req.end(closing);
    })().catch(reject);
  });
}

const episodeByNumber = async (n: number) => (await new Session().get(`/api/podcast-episodes/by-number/${n}`)).status;

afterAll(() => {
  release('s3');
  storage.close();
});

describe('the S3 server stopped mid-upload, then started again', () => {
  test(`a ${SIZE / MB} MB episode upload with the S3 server killed after ${BEFORE_STOP / MB} MB: 503 with a message, no episode, no object listed; after the server returns the same upload works and is served`, async () => {
    const admin = await signedInAdmin();
    const episodeNumber = 700_000 + Math.floor(Math.random() * 100_000);
    const keysBefore = await storage.listKeys(`${EPISODE_MEDIA_PREFIX}/`);
    let underway: string[] = [];
    let stoppedMs = 0;
    const rgw = pidOf('s3');

    const failed = await uploadEpisode(admin, episodeNumber, SIZE, BEFORE_STOP, async () => {
      // Proof the upload has reached storage: its multipart upload is under way there.
      await waitUntil(
        'the gateway’s multipart upload is under way in storage',
        async () => {
          underway = await storage.listIncompleteUploads(`${EPISODE_MEDIA_PREFIX}/`);
          return underway.length > 0;
        },
        20_000,
      );
      hold('s3');
      process.kill(rgw, 'SIGKILL');
      stoppedMs = Date.now();
      await waitUntil('the S3 server has stopped', async () => !(await tcpOpen(s3Port)), 10_000);
    });
    const answeredMs = Date.now() - stoppedMs;
    const episodeWhileDown = await episodeByNumber(episodeNumber);

    release('s3');
    const backMs = await waitUntil('the supervisor started the S3 server again', async () => pidOf('s3') !== rgw && (await s3Answers()), 60_000);
    const keysAfter = await storage.listKeys(`${EPISODE_MEDIA_PREFIX}/`);
    const leftUnfinished = (await storage.listIncompleteUploads(`${EPISODE_MEDIA_PREFIX}/`)).filter((key) => underway.includes(key));

    const again = await uploadEpisode(admin, episodeNumber, SIZE);
    const media = again.status === 201 ? await fetch(new URL(again.body.videoUrl, stack.gatewayUrl), { method: 'HEAD' }) : undefined;
    if (again.status === 201) await admin.request('DELETE', `/api/podcast-episodes/${again.body.id}`);

    note(
      's3 down',
      `radosgw killed (SIGKILL, held down) after ${BEFORE_STOP / MB} MB of a ${SIZE / MB} MB episode upload, its multipart upload under way in storage: ` +
        `answered ${failed.status} ${failed.body.code ?? ''} ${(answeredMs / 1000).toFixed(1)} s after the kill; episode while down ${episodeWhileDown}; ` +
        `released, radosgw answering again after ${(backMs / 1000).toFixed(1)} s; objects under ${EPISODE_MEDIA_PREFIX}/ before ${keysBefore.length}, after ${keysAfter.length}; ` +
        `the interrupted upload's parts left unfinished in storage (its abort could not reach the server; never listed as an object): ${leftUnfinished.length}; ` +
        `the same upload after: ${again.status}, its media ${media?.status} ${media?.headers.get('content-length')} bytes`,
    );
    assert.deepEqual(failed, { status: 503, body: { statusCode: 503, code: 'unavailable', message: STORAGE_UNAVAILABLE } });
    assert.equal(episodeWhileDown, 404, 'no episode was created by the failed upload');
    assert.deepEqual(keysAfter, keysBefore, 'no object of the failed upload is listed');
    assert.equal(again.status, 201, `the upload after the S3 server returned: ${JSON.stringify(again.body)}`);
    assert.deepEqual([again.body.episodeNumber, again.body.mediaSize], [episodeNumber, SIZE]);
    assert.deepEqual([media?.status, media?.headers.get('content-length')], [200, String(SIZE)]);
  });
});
