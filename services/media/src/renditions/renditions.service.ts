import { EPISODE_MEDIA_PREFIX, MediaEvents } from '@km/contracts/media';
import { commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { JobQueue, type Job } from '@km/nest-kit/jobs';
import { ObjectStorage } from '@km/nest-kit/storage';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { MediaConfig } from '../config';
import { EpisodeEntity } from '../episodes/episode.entity';
import { renditionPlan } from './rendition-plan';

export const RENDITIONS_QUEUE = 'media-renditions';

interface RenditionJob {
  episodeId: string;
  /** The original it renders: a job for media since replaced (ADR 0054) leaves the episode alone. */
  mediaKey?: string;
}

/**
 * Post-processing of uploads the feed cannot list as they are (ARCHITECTURE §7): a BullMQ job per episode runs
 * ffmpeg on the stored original (read from storage through a pipe) into a temporary file, stores the result under a
 * new key and records it on the row. Jobs carry the episode id only and are idempotent: an episode that already has
 * its rendition, or is gone, is left alone, and a rendition whose episode was deleted meanwhile is removed.
 */
@Injectable()
export class RenditionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue<RenditionJob>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly storage: ObjectStorage,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {
    this.jobs = new JobQueue<RenditionJob>(RENDITIONS_QUEUE, config.jobs.redisUrl, logger);
  }

  /** Queues the rendition of one episode's media; asking twice for the same media queues one job. */
  async enqueue(episode: Pick<EpisodeEntity, 'id' | 'mediaKey'>): Promise<void> {
    await this.jobs.queue.add(
      'render',
      { episodeId: episode.id, mediaKey: episode.mediaKey },
      {
        jobId: `rendition_${episode.id}_${path.basename(episode.mediaKey).replace(/\W/g, '_')}`,
        attempts: 5,
        backoff: { type: 'exponential', delay: 5000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: false,
      },
    );
  }

  onApplicationBootstrap() {
    // One ffmpeg at a time per replica: a video encode takes a core.
    this.jobs.work((job) => this.render(job), { concurrency: 1, failed: 'rendition failed; will retry' });
  }

  onApplicationShutdown() {
    return this.jobs.close();
  }

  async render(job: Job<RenditionJob>): Promise<void> {
    const repository = this.dataSource.getRepository(EpisodeEntity);
    const episode = await repository.findOneBy({ id: job.data.episodeId });
    const plan = episode && renditionPlan(episode.mediaContentType);
    if (!episode || !plan || episode.renditionKey || (job.data.mediaKey && job.data.mediaKey !== episode.mediaKey)) return;
    const original = await this.storage.read(episode.mediaKey);
    if (!original) return;

    const dir = await mkdtemp(path.join(os.tmpdir(), 'km-rendition-'));
    const file = path.join(dir, `out.${plan.ext}`);
    const key = `${EPISODE_MEDIA_PREFIX}/${randomUUID()}.${plan.ext}`;
    let stored = false;
    try {
      await runFfmpeg(original.body, plan.args, file);
      const { size } = await stat(file);
      await this.storage.upload(key, createReadStream(file), plan.contentType);
      stored = true;
      const saved = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const current = await manager
          .getRepository(EpisodeEntity)
          .createQueryBuilder('e')
          .where('e.id = :id', { id: episode.id })
          .setLock('pessimistic_write')
          .getOne();
        if (!current || current.renditionKey || current.mediaKey !== episode.mediaKey) return false;
        await manager.update(EpisodeEntity, { id: current.id }, { renditionKey: key, renditionSize: size, renditionContentType: plan.contentType });
        await record(MediaEvents.episodeUpdated, { episodeId: current.id, episodeNumber: current.episodeNumber });
        return true;
      });
      if (!saved) await this.storage.delete(key);
      else this.logger.info({ episodeId: episode.id, key, size }, 'rendition stored');
    } catch (error) {
      if (stored) await this.storage.delete(key).catch(() => undefined);
      throw error;
    } finally {
      original.body.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** Runs ffmpeg with the original on stdin; rejects with the end of its error output when it fails. */
async function runFfmpeg(input: NodeJS.ReadableStream, args: string[], output: string): Promise<void> {
  const ffmpeg = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', 'pipe:0', ...args, output], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  ffmpeg.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<number>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => resolve(code ?? 1));
  });
  // ffmpeg may stop reading early (it has what it needs): a broken pipe then is not a failure.
  await pipeline(input, ffmpeg.stdin).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${errors.trim()}`);
}
