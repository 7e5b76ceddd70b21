import type { EpisodeSort } from '@km/contracts/vocabulary';
import {
  type CreateEpisodeRequest,
  EPISODE_MEDIA_KINDS,
  type ReplaceEpisodeFilesRequest,
  type ReplacedEpisodeFiles,
  type DeletedEpisode,
  EPISODE_CHUNK_MAX_BYTES,
  EPISODE_CHUNK_MAX_ITEMS,
  EPISODE_DEFAULT_PAGE_SIZE,
  type EpisodeChunk,
  type EpisodeChunkRequest,
  type EpisodeDownloadRequest,
  type EpisodeDownloadResult,
  type EpisodePage,
  type EpisodeQuery,
  type EpisodeViewResult,
  type EpisodeTranscript,
  type SetTranscriptRequest,
  type TranscriptCue,
  TRANSCRIPT_TYPES,
  MediaEvents,
  type PodcastEpisode,
  type UpdateEpisodeRequest,
} from '@km/contracts/media';
import { AppError, commitWithEvents, ConflictError, invalidFields, NotFoundError, OutboxRelayRunner, SERVICE_LOGGER } from '@km/nest-kit';
import { deleteRenditions, ObjectStorage, storeRenditions } from '@km/nest-kit/storage';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { EPISODE_COLUMNS, EpisodeEntity, type EpisodeRow, rowToEpisodeDto, toEpisodeDto } from './episode.entity';
import { randomUUID } from 'node:crypto';
import { blockPlan, coveredBlocks } from './download-blocks';
import { readMediaDuration } from './media-duration';
import { UTC_DAY } from '../analytics/utc-day';
import { classifyUserAgent } from '../analytics/listening-apps';
import { parseTranscript, TranscriptProblem } from '@km/contracts/media';

/** Where uploaded transcripts are kept (ADR 0046). */
const TRANSCRIPT_PREFIX = 'media/transcripts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Latest and oldest by episodeNumber (spec §2); Most Popular by views, then the newest. Each ends in a unique key. */
const ORDER_BY: Record<EpisodeSort, string> = {
  latest: 'episode_number DESC',
  oldest: 'episode_number ASC',
  popular: 'views DESC, episode_number DESC',
};

/** Rows after a cursor `<views>|<episodeNumber>` in each order (keyset: chunk n costs what chunk 1 costs). */
const AFTER: Record<EpisodeSort, string> = {
  latest: 'episode_number < $2',
  oldest: 'episode_number > $2',
  popular: '(views, episode_number) < ($3::bigint, $2::integer)',
};

const episodeNumberTaken = (n: number) =>
  new ConflictError('episode_number_taken', `Episode number ${n} is already used by another episode. Choose a different episode number.`, {
    fields: [{ field: 'episodeNumber', message: `episode number ${n} is already used` }],
  });

const isUniqueViolation = (error: unknown, constraint: string) =>
  error instanceof QueryFailedError &&
  (error.driverError as { code?: string; constraint?: string }).code === '23505' &&
  (error.driverError as { constraint?: string }).constraint === constraint;

const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** Every chapter starts before the episode ends (ADR 0046); checked after an edit, which may change either. */
function checkChapters(episode: EpisodeEntity) {
  const late = episode.chapters.findIndex((chapter) => chapter.startTime >= episode.duration);
  if (late === -1) return;
  throw invalidFields([
    {
      field: 'chapters',
      message: `chapter ${late + 1} ("${episode.chapters[late].title}") starts at ${clock(episode.chapters[late].startTime)}, at or after the end of the episode (${clock(episode.duration)}): start it earlier`,
    },
  ]);
}

@Injectable()
export class EpisodesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly storage: ObjectStorage,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async list(query: EpisodeQuery): Promise<EpisodePage> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? EPISODE_DEFAULT_PAGE_SIZE;
    const order = ORDER_BY[query.sort ?? 'latest'];
    // The rows before the page are skipped in the order's index alone (an index-only scan of episode numbers); only
    // the page's own rows are read whole, so a deep page costs little more than the first.
    const [counted, rows] = await Promise.all([
      this.dataSource.query(`SELECT count(*)::int AS total FROM podcast_episodes`) as Promise<{ total: number }[]>,
      this.dataSource.query(
        `SELECT ${EPISODE_COLUMNS} FROM podcast_episodes
         WHERE episode_number IN (SELECT episode_number FROM podcast_episodes ORDER BY ${order} LIMIT $1 OFFSET $2)
         ORDER BY ${order}`,
        [pageSize, (page - 1) * pageSize],
      ) as Promise<EpisodeRow[]>,
    ]);
    return { items: rows.map(rowToEpisodeDto), total: counted[0].total, page, pageSize };
  }

  /** One chunk of the whole list, stopping before its JSON would pass EPISODE_CHUNK_MAX_BYTES (one NATS reply). */
  async listChunk({ sort, after }: EpisodeChunkRequest): Promise<EpisodeChunk> {
    const params: unknown[] = [EPISODE_CHUNK_MAX_ITEMS];
    let where = '';
    if (after) {
      const [views, episodeNumber] = after.split('|');
      params.push(Number(episodeNumber));
      if (sort === 'popular') params.push(views);
      where = `WHERE ${AFTER[sort]}`;
    }
    const rows: EpisodeRow[] = await this.dataSource.query(
      `SELECT ${EPISODE_COLUMNS} FROM podcast_episodes ${where} ORDER BY ${ORDER_BY[sort]} LIMIT $1`,
      params,
    );
    const items: PodcastEpisode[] = [];
    let bytes = 2;
    for (const row of rows) {
      const item = rowToEpisodeDto(row);
      bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
      if (bytes > EPISODE_CHUNK_MAX_BYTES && items.length > 0) break;
      items.push(item);
    }
    const last = rows[items.length - 1];
    const more = items.length < rows.length || rows.length === EPISODE_CHUNK_MAX_ITEMS;
    return { items, next: more && last ? `${last.views}|${last.episode_number}` : null };
  }

  async get(id: string): Promise<PodcastEpisode> {
    return toEpisodeDto(await this.find(this.dataSource.manager, id));
  }

  /** The episode with this number: the key of its page `/podcast/{n}-{slug}` (ADR 0045). */
  async byNumber(episodeNumber: number): Promise<PodcastEpisode> {
    const row = await this.dataSource.getRepository(EpisodeEntity).findOneBy({ episodeNumber });
    if (!row) throw new AppError('not_found', `No episode has the number ${episodeNumber}.`);
    return toEpisodeDto(row);
  }

  /**
   * An admin's transcript (ADR 0046): read strictly (a malformed file is a 400 naming its line), every line starting
   * before the episode ends; the original goes to storage, its cues to the row. A new upload replaces the old one.
   */
  async setTranscript({ id, transcript }: SetTranscriptRequest): Promise<PodcastEpisode> {
    const episode = await this.find(this.dataSource.manager, id);
    let cues: TranscriptCue[];
    try {
      cues = parseTranscript(transcript.text, transcript.format);
    } catch (error) {
      if (error instanceof TranscriptProblem)
        throw invalidFields([{ field: 'text', message: `the ${transcript.format === 'vtt' ? 'WebVTT' : 'SubRip'} file is not valid at ${error.message}` }]);
      throw error;
    }
    const late = cues.findIndex((cue) => cue.start >= episode.duration);
    if (late !== -1)
      throw invalidFields([
        {
          field: 'text',
          message: `cue ${late + 1} starts at ${clock(Math.floor(cues[late].start))}, at or after the end of the episode (${clock(episode.duration)})`,
        },
      ]);
    const key = `${TRANSCRIPT_PREFIX}/${episode.id}.${transcript.format}`;
    await this.storage.put(key, Buffer.from(transcript.text, 'utf8'), `${TRANSCRIPT_TYPES[transcript.format]}; charset=utf-8`);
    const previous = episode.transcriptKey;
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const current = await this.find(manager, id, true);
      await manager.update(EpisodeEntity, { id }, { transcriptFormat: transcript.format, transcriptKey: key, transcriptCues: cues });
      await record(MediaEvents.episodeUpdated, { episodeId: current.id, episodeNumber: current.episodeNumber });
      return this.find(manager, id);
    });
    if (previous && previous !== key) await this.storage.delete(previous).catch(() => undefined);
    return toEpisodeDto(row);
  }

  async transcript(id: string): Promise<EpisodeTranscript> {
    if (!UUID.test(id)) throw new NotFoundError('episode', id);
    const row = await this.dataSource
      .getRepository(EpisodeEntity)
      .createQueryBuilder('e')
      .select(['e.id', 'e.episodeNumber', 'e.transcriptFormat'])
      .addSelect('e.transcriptCues')
      .where('e.id = :id', { id })
      .getOne();
    if (!row) throw new NotFoundError('episode', id);
    if (!row.transcriptFormat || !row.transcriptCues) throw new AppError('not_found', `Episode ${row.episodeNumber} has no transcript.`);
    return { format: row.transcriptFormat, cues: row.transcriptCues };
  }

  /**
   * Stores the row for media the gateway has already streamed to storage. Without a duration it is read from the
   * media; a file that does not say is a 400 asking for it (the gateway then deletes the upload).
   */
  async create({ episode, media, thumbnailKey }: CreateEpisodeRequest): Promise<PodcastEpisode> {
    let duration = episode.duration;
    if (duration === null) {
      duration = (await readMediaDuration(this.storage, media.key, media.size, media.contentType)) ?? null;
      if (duration === null)
        throw invalidFields([{ field: 'duration', message: 'duration could not be read from the media file: enter it as HH:MM:SS or MM:SS' }]);
    }
    const existing = await this.dataSource.getRepository(EpisodeEntity).existsBy({ episodeNumber: episode.episodeNumber });
    if (existing) throw episodeNumberTaken(episode.episodeNumber);
    // ADR 0021: the thumbnail's sized copies exist before the row that lists them.
    const thumbnailWidths = thumbnailKey ? await storeRenditions(this.storage, thumbnailKey, 'thumbnail') : [];
    try {
      const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const row = await manager.save(
          manager.create(EpisodeEntity, {
            title: episode.title,
            episodeNumber: episode.episodeNumber,
            description: episode.description,
            mediaType: episode.mediaType,
            mediaKey: media.key,
            mediaSize: media.size,
            mediaContentType: media.contentType,
            thumbnailKey: thumbnailKey ?? null,
            thumbnailWidths,
            tags: episode.tags,
            duration,
          }),
        );
        await record(MediaEvents.episodePublished, { episodeId: row.id, episodeNumber: row.episodeNumber });
        return row;
      });
      return toEpisodeDto(row);
    } catch (error) {
      if (thumbnailKey) await deleteRenditions(this.storage, thumbnailKey, thumbnailWidths).catch(() => undefined);
      // Two uploads with one number at once: the unique constraint decides.
      if (isUniqueViolation(error, 'podcast_episodes_episode_number_key')) throw episodeNumberTaken(episode.episodeNumber);
      throw error;
    }
  }

  async update({ id, edit }: UpdateEpisodeRequest): Promise<PodcastEpisode> {
    try {
      const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const current = await this.find(manager, id, true);
        // Chapters are replaced whole, not merged item by item.
        const changes = Object.fromEntries(Object.entries(edit).filter(([key, value]) => key !== 'chapters' && value !== undefined && value !== null));
        manager.merge(EpisodeEntity, current, changes);
        if (edit.chapters) current.chapters = edit.chapters;
        checkChapters(current);
        const row = await manager.save(current);
        await record(MediaEvents.episodeUpdated, { episodeId: row.id, episodeNumber: row.episodeNumber });
        return row;
      });
      return toEpisodeDto(row);
    } catch (error) {
      if (isUniqueViolation(error, 'podcast_episodes_episode_number_key')) throw episodeNumberTaken(edit.episodeNumber!);
      throw error;
    }
  }

  /**
   * An admin's new media, thumbnail or both (ADR 0054), already in storage. The row points at them under its lock;
   * the feed rendition starts again for the new media (the renditions consumer sees media.episode.updated); the
   * duration is read from the new media when it says; the old objects go after the commit.
   */
  async replaceFiles({ id, mediaType, media, thumbnailKey }: ReplaceEpisodeFilesRequest): Promise<ReplacedEpisodeFiles> {
    const before = await this.find(this.dataSource.manager, id);
    const kind = mediaType ?? before.mediaType;
    if (mediaType && mediaType !== before.mediaType && !media)
      throw invalidFields([{ field: 'media', message: `a ${mediaType} episode needs ${mediaType} media: upload the new file with the new mediaType` }]);
    if (media && !(EPISODE_MEDIA_KINDS[kind] as readonly string[]).includes(media.contentType))
      throw invalidFields([
        {
          field: 'media',
          message: `media is ${media.contentType} but mediaType is ${kind}: upload ${kind === 'video' ? 'MP4, MOV or WEBM' : 'MP3, WAV or M4A'}, or change mediaType`,
        },
      ]);
    const duration = media ? await readMediaDuration(this.storage, media.key, media.size, media.contentType) : undefined;
    const thumbnailWidths = thumbnailKey ? await storeRenditions(this.storage, thumbnailKey, 'thumbnail') : [];
    let old: EpisodeEntity;
    try {
      const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
        const current = await this.find(manager, id, true);
        old = { ...current };
        if (media) {
          Object.assign(current, { mediaType: kind, mediaKey: media.key, mediaSize: media.size, mediaContentType: media.contentType });
          Object.assign(current, { renditionKey: null, renditionSize: null, renditionContentType: null });
          if (duration) current.duration = duration;
          checkChapters(current);
        }
        if (thumbnailKey) Object.assign(current, { thumbnailKey, thumbnailWidths });
        const row = await manager.save(current);
        await record(MediaEvents.episodeUpdated, { episodeId: row.id, episodeNumber: row.episodeNumber });
        return row;
      });
      const unused = [media && old!.mediaKey, media && old!.renditionKey, thumbnailKey && old!.thumbnailKey].filter((key): key is string => Boolean(key));
      for (const key of unused)
        await this.storage
          .delete(key)
          .catch((error) => this.logger.warn({ err: error, key }, 'could not delete a replaced episode object; it is no longer used'));
      if (thumbnailKey && old!.thumbnailKey) await deleteRenditions(this.storage, old!.thumbnailKey, old!.thumbnailWidths).catch(() => undefined);
      return { episode: toEpisodeDto(row), mediaKeys: media ? [old!.mediaKey, old!.renditionKey].filter((key): key is string => Boolean(key)) : [] };
    } catch (error) {
      if (thumbnailKey) await deleteRenditions(this.storage, thumbnailKey, thumbnailWidths).catch(() => undefined);
      throw error;
    }
  }

  /** The row goes first; its objects after the commit, so a failure there leaves only unused objects. */
  async delete(id: string): Promise<DeletedEpisode> {
    const removed = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const current = await this.find(manager, id, true);
      await manager.delete(EpisodeEntity, { id: current.id });
      await record(MediaEvents.episodeDeleted, { episodeId: current.id, episodeNumber: current.episodeNumber });
      return current;
    });
    for (const key of [removed.mediaKey, removed.thumbnailKey, removed.renditionKey, removed.transcriptKey]) {
      if (!key) continue;
      await this.storage.delete(key).catch((error) => this.logger.warn({ err: error, key }, 'could not delete an episode object; it is no longer used'));
    }
    if (removed.thumbnailKey)
      await deleteRenditions(this.storage, removed.thumbnailKey, removed.thumbnailWidths).catch((error) =>
        this.logger.warn({ err: error, key: removed.thumbnailKey }, 'could not delete the renditions of a thumbnail; they are no longer used'),
      );
    return { id: removed.id, mediaKeys: [removed.mediaKey, removed.renditionKey].filter((key): key is string => Boolean(key)) };
  }

  /**
   * Counts a play once per episode per visitor per rolling 24 hours, decided by one statement: the upsert of the
   * visitor's row only goes through when there is none or its last count is 24 hours old (the row lock makes
   * simultaneous plays wait and then see the fresh count), and the views go up only when it did, and with them the
   * day's plays (ADR 0071), so the days and the counter never disagree.
   */
  async view(id: string, visitor: string): Promise<EpisodeViewResult> {
    if (!UUID.test(id)) throw new NotFoundError('episode', id);
    const rows: { views: string; counted: boolean }[] = await this.dataSource.query(
      `WITH counted AS (
         INSERT INTO episode_views (episode_id, visitor, counted_at)
         SELECT id, $2, now() FROM podcast_episodes WHERE id = $1
         ON CONFLICT (episode_id, visitor) DO UPDATE SET counted_at = now()
           WHERE episode_views.counted_at <= now() - interval '24 hours'
         RETURNING 1
       ),
       bumped AS (
         UPDATE podcast_episodes SET views = views + 1 WHERE id = $1 AND EXISTS (SELECT 1 FROM counted) RETURNING views
       ),
       daily AS (
         INSERT INTO episode_daily_counts AS c (episode_id, day, plays)
         SELECT $1, ${UTC_DAY}, 1 FROM bumped
         ON CONFLICT (episode_id, day) DO UPDATE SET plays = c.plays + 1
       )
       SELECT COALESCE((SELECT views FROM bumped), e.views) AS views, EXISTS (SELECT 1 FROM bumped) AS counted
       FROM podcast_episodes e WHERE e.id = $1`,
      [id, visitor],
    );
    if (rows.length === 0) throw new NotFoundError('episode', id);
    return { id, views: Number(rows[0].views), counted: rows[0].counted };
  }

  /**
   * Records the bytes a feed enclosure sent one visitor and counts a download the IAB way (download-blocks.ts), in
   * one statement: the visitor's row is upserted under its row lock (a new 24-hour window when the last one is
   * over), its covered blocks grow, and when they reach a minute's worth for the first time in the window this
   * request's token is stored, which is what raises the episode's downloads by one, and with them the day's
   * downloads and the day's downloads by the listener's app (ADR 0071).
   */
  async download({ id, visitor, start, bytes, userAgent }: EpisodeDownloadRequest): Promise<EpisodeDownloadResult> {
    const app = classifyUserAgent(userAgent);
    const episode = await this.find(this.dataSource.manager, id);
    const plan = blockPlan(episode.mediaSize, episode.duration);
    const covered = coveredBlocks(plan, episode.mediaSize, start, bytes);
    const token = randomUUID();
    const rows: { downloads: string; counted: boolean }[] = await this.dataSource.query(
      `WITH upserted AS (
         INSERT INTO episode_downloads AS d (episode_id, visitor, window_started_at, covered, counted_by)
         VALUES ($1, $2, now(), $3::varbit, CASE WHEN bit_count($3::varbit) >= $4 THEN $5::uuid END)
         ON CONFLICT (episode_id, visitor) DO UPDATE SET
           window_started_at = CASE WHEN d.window_started_at <= now() - interval '24 hours' THEN now() ELSE d.window_started_at END,
           covered = CASE WHEN d.window_started_at <= now() - interval '24 hours' THEN EXCLUDED.covered ELSE d.covered | EXCLUDED.covered END,
           counted_by = CASE
             WHEN d.window_started_at > now() - interval '24 hours' AND d.counted_by IS NOT NULL THEN d.counted_by
             WHEN bit_count(CASE WHEN d.window_started_at <= now() - interval '24 hours' THEN EXCLUDED.covered ELSE d.covered | EXCLUDED.covered END) >= $4
               THEN $5::uuid
           END
         RETURNING counted_by
       ),
       bumped AS (
         UPDATE podcast_episodes SET downloads = downloads + 1
         WHERE id = $1 AND EXISTS (SELECT 1 FROM upserted WHERE counted_by = $5::uuid) RETURNING downloads
       ),
       daily AS (
         INSERT INTO episode_daily_counts AS c (episode_id, day, downloads)
         SELECT $1, ${UTC_DAY}, 1 FROM bumped
         ON CONFLICT (episode_id, day) DO UPDATE SET downloads = c.downloads + 1
       ),
       by_app AS (
         INSERT INTO episode_app_downloads AS a (episode_id, day, app, kind, downloads)
         SELECT $1, ${UTC_DAY}, $6, $7, 1 FROM bumped
         ON CONFLICT (episode_id, day, app) DO UPDATE SET downloads = a.downloads + 1
       )
       SELECT COALESCE((SELECT downloads FROM bumped), e.downloads) AS downloads, EXISTS (SELECT 1 FROM bumped) AS counted
       FROM podcast_episodes e WHERE e.id = $1`,
      [id, visitor, covered, plan.needed, token, app.name, app.kind],
    );
    if (rows.length === 0) throw new NotFoundError('episode', id);
    return { id, downloads: Number(rows[0].downloads), counted: rows[0].counted };
  }

  private async find(manager: EntityManager, id: string, forUpdate = false): Promise<EpisodeEntity> {
    const missing = new NotFoundError('episode', id);
    if (!UUID.test(id)) throw missing;
    const query = manager.getRepository(EpisodeEntity).createQueryBuilder('e').where('e.id = :id', { id });
    if (forUpdate) query.setLock('pessimistic_write');
    const row = await query.getOne();
    if (!row) throw missing;
    return row;
  }
}
