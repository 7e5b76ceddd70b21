import { EPISODE_MEDIA_TYPES, EPISODE_SORTS, type EpisodeSort } from '@km/contracts/vocabulary';
import { z } from 'zod';
import {
  EPISODE_QUERY_KEYS,
  episodeEditSchema,
  episodeNumberRefSchema,
  transcriptUploadSchema,
  TRANSCRIPT_TYPES,
  toSrt,
  toVtt,
  type TranscriptUpload,
  episodeQuerySchema,
  episodeSearchSchema,
  EPISODE_SEARCH_LIMIT,
  MediaSubjects,
  podcastSubscriptionSchema,
  podcastUnsubscribeSchema,
  type EpisodeEdit,
  type EpisodePage,
  type EpisodeViewResult,
  type PodcastEpisode,
  type PodcastSubscriptionData,
} from '@km/contracts/media';
import { AppError, ConflictError, invalidFields, parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { ObjectStorage, receiveMultipart, type StoredObject } from '@km/nest-kit/storage';
import { Controller, Delete, Get, HttpCode, Inject, Logger, Param, Patch, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { RequireAdmin, type AuthedRequest } from '../auth/guards';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { FormsBudgeted } from '../http/budget-guards';
import { confirmUnsubscribePage, sendUnsubscribePage } from '../http/unsubscribe-page';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { MediaCopies } from './media-copies';
import { EPISODE_MEDIA_POLICY, EPISODE_THUMBNAIL_POLICY, episodeFilesOpenApi, episodeFormOpenApi, parseEpisodeForm } from './podcast-form';
import { visitorHash } from './visitor';
import { headerOf } from '../http/raw-reply';
import { sendRevalidated } from '../http/revalidated';
import { PodcastFeedCache } from './podcast-feed-cache';
import { CHAPTERS_TYPE, chaptersDocument } from './podcast-feed';

/** The text fields of a files replacement (ADR 0054): only the media type, when it changes with the media. */
const replaceFilesFieldsSchema = z.object({
  mediaType: z.enum(EPISODE_MEDIA_TYPES, { error: `mediaType must be one of ${EPISODE_MEDIA_TYPES.join(', ')}` }).optional(),
});

/** Downloads are for admins (ADR 0017: visitors see views). */
const forCaller = (episode: PodcastEpisode, req: AuthedRequest): PodcastEpisode => {
  if (req.user?.isAdmin) return episode;
  const { downloads: _downloads, ...rest } = episode;
  return rest;
};

/** Transcripts are read by players on other sites too (Podcast Index asks for CORS); they change rarely. */
async function sendTranscript(res: FastifyReply, type: string, body: string): Promise<void> {
  await res.header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*').type(`${type}; charset=utf-8`).send(body);
}

/** Podcast episodes (spec §2 Podcast page, §7). Admin routes check the role before the body is read. */
@ApiTags('podcast')
@Controller('api/podcast-episodes')
export class PodcastEpisodesController {
  private readonly logger = new Logger('PodcastEpisodes');

  constructor(
    private readonly rpc: RpcClient,
    private readonly storage: ObjectStorage,
    private readonly copies: MediaCopies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly feedCache: PodcastFeedCache,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary:
      'List episodes. Without page or pageSize: the plain array of every episode (spec §7), latest first unless sort says otherwise. With page or pageSize: one page {items,total,page,pageSize}.',
  })
  @ApiQuery({ name: 'sort', required: false, enum: EPISODE_SORTS, description: 'latest (by episodeNumber, default), oldest, popular (views, then newest).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 9 by default.' })
  async list(@Query() query: Record<string, unknown>, @Req() req: AuthedRequest): Promise<EpisodePage | StreamableFile> {
    const asked = Object.fromEntries(EPISODE_QUERY_KEYS.filter((key) => query[key] !== undefined).map((key) => [key, query[key]]));
    const parsed = parseOrThrow(episodeQuerySchema, asked);
    if (parsed.page === undefined && parsed.pageSize === undefined) return this.wholeList(parsed.sort ?? 'latest', req);
    const page = await this.rpc.send(MediaSubjects.episodesList, parsed);
    return { ...page, items: page.items.map((e) => forCaller(e, req)) };
  }

  /** The whole list, written chunk by chunk as the media service answers, so no reply passes the bus limit (ADR 0011). */
  async wholeList(sort: EpisodeSort, req: AuthedRequest): Promise<StreamableFile> {
    const ask = (after?: string) => this.rpc.send(MediaSubjects.episodesListChunk, { sort, after });
    const first = await ask();
    const logger = this.logger;
    async function* body() {
      let chunk = first;
      let separator = '[';
      for (;;) {
        const following = chunk.next ? ask(chunk.next) : undefined;
        following?.catch(() => undefined);
        if (chunk.items.length > 0) {
          yield separator + JSON.stringify(chunk.items.map((e) => forCaller(e, req))).slice(1, -1);
          separator = ',';
        }
        if (!following) break;
        chunk = await following;
      }
      yield separator === '[' ? '[]' : ']';
    }
    return new StreamableFile(Readable.from(body(), { objectMode: false }), { type: 'application/json; charset=utf-8' }).setErrorHandler((error, res) => {
      // The 200 is sent: cutting the connection makes clients see an incomplete body rather than a short list.
      logger.error(`the episode list failed after it started: ${error.message}`);
      (res as unknown as FastifyReply).raw.destroy();
    });
  }

  @Get('search')
  @Public()
  @ApiOperation({
    summary: `Search episodes (anyone; ADR 0053) by title, description (show notes) and transcript: {q, total, items} with the best ${EPISODE_SEARCH_LIMIT}, title and show-note hits first; each hit has the description's snippet and the first transcript line saying the words with its start (seconds). q: words, "a phrase", -word, or; 400 when empty, longer than 200 characters or without a word to search for. no-cache with an ETag (304 while unchanged).`,
  })
  @ApiQuery({ name: 'q', required: true, example: 'grace "living water"' })
  async search(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { q } = parseOrThrow(episodeSearchSchema, { q: query.q });
    await sendRevalidated(req, res, await this.rpc.send(MediaSubjects.episodesSearch, { q }));
  }

  @Get('by-number/:episodeNumber')
  @Public()
  @ApiOperation({ summary: 'One episode by its number, the key of its page /podcast/{n}-{slug} (ADR 0045); 404 when no episode has it.' })
  @ApiParam({ name: 'episodeNumber', type: Number, example: 12 })
  async byNumber(@Param('episodeNumber') raw: string, @Req() req: AuthedRequest): Promise<PodcastEpisode> {
    const { episodeNumber } = parseOrThrow(episodeNumberRefSchema, { episodeNumber: /^\d{1,9}$/.test(raw) ? Number(raw) : raw });
    return forCaller(await this.rpc.send(MediaSubjects.episodesByNumber, { episodeNumber }), req);
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'One episode; 404 for an unknown id.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  async get(@Param('id') id: string, @Req() req: AuthedRequest): Promise<PodcastEpisode> {
    return forCaller(await this.rpc.send(MediaSubjects.episodesGet, { id }), req);
  }

  @Get(':id/chapters.json')
  @Public()
  @ApiOperation({ summary: "An episode's chapters in Podcast Index's JSON chapters format (application/json+chapters, ADR 0046); 404 without chapters." })
  @ApiParam({ name: 'id', format: 'uuid' })
  async chapters(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    const episode = await this.rpc.send(MediaSubjects.episodesGet, { id });
    if (episode.chapters.length === 0) throw new AppError('not_found', `Episode ${episode.episodeNumber} has no chapters.`);
    await res
      .header('Cache-Control', 'public, max-age=300')
      .header('Access-Control-Allow-Origin', '*')
      .type(`${CHAPTERS_TYPE}; charset=utf-8`)
      .send(JSON.stringify(chaptersDocument(episode)));
  }

  @Put(':id/transcript')
  @RequireAdmin()
  @ApiOperation({
    summary:
      "Set an episode's transcript (admin; ADR 0046): {format: vtt|srt, text}. A malformed file is a 400 naming its line; a line starting after the episode ends is a 400; past 1 MB the body is a 413.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(transcriptUploadSchema)
  async setTranscript(@Param('id') id: string, @ZodBody(transcriptUploadSchema) transcript: TranscriptUpload): Promise<PodcastEpisode> {
    const episode = await this.rpc.send(MediaSubjects.transcriptSet, { id, transcript });
    this.feedCache.invalidate();
    return episode;
  }

  @Get(':id/transcript.vtt')
  @Public()
  @ApiOperation({ summary: "An episode's transcript as WebVTT (text/vtt); 404 without one." })
  @ApiParam({ name: 'id', format: 'uuid' })
  async transcriptVtt(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    await sendTranscript(res, TRANSCRIPT_TYPES.vtt, toVtt((await this.rpc.send(MediaSubjects.transcriptGet, { id })).cues));
  }

  @Get(':id/transcript.srt')
  @Public()
  @ApiOperation({ summary: "An episode's transcript as SubRip (application/x-subrip); 404 without one." })
  @ApiParam({ name: 'id', format: 'uuid' })
  async transcriptSrt(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    await sendTranscript(res, TRANSCRIPT_TYPES.srt, toSrt((await this.rpc.send(MediaSubjects.transcriptGet, { id })).cues));
  }

  @Get(':id/transcript.json')
  @Public()
  @ApiOperation({
    summary: "An episode's transcript as Podcast Index JSON (application/json): {version, segments: [{startTime, endTime, body}]}; 404 without one.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async transcriptJson(@Param('id') id: string, @Res() res: FastifyReply): Promise<void> {
    const { cues } = await this.rpc.send(MediaSubjects.transcriptGet, { id });
    await sendTranscript(
      res,
      'application/json',
      JSON.stringify({ version: '1.0.0', segments: cues.map((c) => ({ startTime: c.start, endTime: c.end, body: c.text })) }),
    );
  }

  @Post()
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Upload an episode (admin). The media streams to storage as it arrives (≤ 500 MB, 413 past it; 415 for a type it is not); duration is read from the media when left out; 409 for a taken episodeNumber.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: episodeFormOpenApi })
  async create(@Req() req: FastifyRequest): Promise<PodcastEpisode> {
    const form = await receiveMultipart(req.raw, this.storage, {
      files: { media: EPISODE_MEDIA_POLICY, thumbnail: EPISODE_THUMBNAIL_POLICY },
      sizeFields: { media: 'mediaSize' },
    });
    const uploads = Object.values(form.files);
    try {
      const episode = parseEpisodeForm(form);
      const media = form.files.media;
      const created = await this.rpc.send(MediaSubjects.episodesCreate, {
        episode,
        media: { key: media.key, size: media.size, contentType: media.contentType },
        thumbnailKey: form.files.thumbnail?.key,
      });
      this.feedCache.invalidate();
      return created;
    } catch (error) {
      await this.discard(uploads, error);
      throw error;
    }
  }

  @Patch(':id')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Edit an episode’s text fields (admin): title, episodeNumber, description, tags, duration, chapters (replaced whole; each must start before the episode ends); what is left out stays.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(episodeEditSchema)
  async update(@Param('id') id: string, @ZodBody(episodeEditSchema) edit: EpisodeEdit): Promise<PodcastEpisode> {
    const episode = await this.rpc.send(MediaSubjects.episodesUpdate, { id, edit });
    this.feedCache.invalidate();
    return episode;
  }

  @Put(':id/files')
  @RequireAdmin()
  @ApiOperation({
    summary:
      "Replace an episode's media, thumbnail or both (admin; ADR 0054), streamed to storage as on upload: optional mediaType (with new media of that kind), media, thumbnail. The duration is read again from new media; the old files are deleted.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: episodeFilesOpenApi })
  async replaceFiles(@Param('id') id: string, @Req() req: FastifyRequest): Promise<PodcastEpisode> {
    const form = await receiveMultipart(req.raw, this.storage, {
      files: { media: EPISODE_MEDIA_POLICY, thumbnail: EPISODE_THUMBNAIL_POLICY },
      sizeFields: { media: 'mediaSize' },
    });
    const uploads = Object.values(form.files);
    try {
      const { mediaType } = parseOrThrow(replaceFilesFieldsSchema, { mediaType: form.fields.mediaType || undefined });
      const { media, thumbnail } = form.files;
      if (!media && !thumbnail) throw invalidFields([{ field: 'media', message: 'send a new media file, a new thumbnail, or both' }]);
      const replaced = await this.rpc.send(MediaSubjects.episodesReplaceFiles, {
        id,
        mediaType,
        media: media && { key: media.key, size: media.size, contentType: media.contentType },
        thumbnailKey: thumbnail?.key,
      });
      this.feedCache.invalidate();
      for (const key of replaced.mediaKeys) this.copies.forget(key);
      return replaced.episode;
    } catch (error) {
      await this.discard(uploads, error);
      throw error;
    }
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireAdmin()
  @ApiOperation({ summary: 'Delete an episode (admin); its media and thumbnail go after the row.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  async remove(@Param('id') id: string): Promise<void> {
    const { mediaKeys } = await this.rpc.send(MediaSubjects.episodesDelete, { id });
    this.feedCache.invalidate();
    // This gateway's copies go at once; other replicas find the objects gone within 5 s (ADR 0023).
    for (const key of mediaKeys) this.copies.forget(key);
  }

  @Post(':id/views')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Count a play: once per episode per visitor (address + user agent, hashed) per 24 hours. Answers the views and whether this one counted.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  view(@Param('id') id: string, @Req() req: FastifyRequest): Promise<EpisodeViewResult> {
    return this.rpc.send(MediaSubjects.episodesView, { id, visitor: visitorHash(this.config.visitorHashKey, req.ip, headerOf(req, 'user-agent')) });
  }

  /** Deletes uploads whose request failed, except when the service did not answer: it may have saved them. */
  private async discard(uploads: StoredObject[], error: unknown) {
    if (error instanceof AppError && error.code === 'unavailable') {
      this.logger.warn(`keeping ${uploads.map((u) => u.key).join(', ')}: the media service did not answer, so the episode may have been saved`);
      return;
    }
    for (const upload of uploads) {
      await this.storage.delete(upload.key).catch((e) => this.logger.warn(`could not delete the unused upload ${upload.key}: ${String(e)}`));
    }
  }
}

/** Marks (keyed hashes) of the addresses this browser subscribed, so only it is told an address is already in. */
const SUBSCRIBED_COOKIE = 'km_podcast_subscribed';

@ApiTags('podcast')
@Controller('api/podcast-subscriptions')
export class PodcastSubscriptionsController {
  private readonly logger = new Logger('PodcastSubscriptions');

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @Public()
  @FormsBudgeted()
  @ApiOperation({
    summary:
      "Subscribe to the podcast (anyone; spec §3). 201 {email, message} whether or not the address was already subscribed, so nobody learns who is; the owner of an address already subscribed is told so by email. Only the browser that subscribed the address (an HttpOnly cookie it was given) hears 409 already_subscribed, whose message says the email must be unique (the spec's toast).",
  })
  @ApiZodBody(podcastSubscriptionSchema)
  async subscribe(
    @Req() req: AuthedRequest,
    @ZodBody(podcastSubscriptionSchema) body: PodcastSubscriptionData,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<{ email: string; message: string }> {
    const { email, created } = await this.rpc.send(MediaSubjects.subscriptionsCreate, body);
    const mark = createHmac('sha256', this.config.visitorHashKey).update(`podcast-subscribed:${email.toLowerCase()}`).digest('base64url').slice(0, 22);
    const cookie: unknown = req.cookies?.[SUBSCRIBED_COOKIE];
    const marks = typeof cookie === 'string' ? cookie.split('.').filter((m) => /^[\w-]{22}$/.test(m)) : [];
    // This browser subscribed the address itself: telling it so reveals nothing it does not know (spec §8's toast).
    if (!created && marks.includes(mark))
      throw new ConflictError('already_subscribed', 'This email address is already subscribed to the podcast: each subscription needs a unique email address.');
    if (created)
      res.setCookie(SUBSCRIBED_COOKIE, [mark, ...marks.filter((m) => m !== mark)].slice(0, 5).join('.'), {
        httpOnly: true,
        sameSite: 'lax',
        secure: this.config.cookieSecure,
        path: '/api/podcast-subscriptions',
        maxAge: 365 * 24 * 3600,
      });
    return { email, message: 'Thank you for subscribing to the Kingdom Marketplace podcast.' };
  }

  @Get('unsubscribe')
  @Public()
  @ApiOperation({
    summary:
      'The unsubscribe link of podcast emails (no sign-in). Answers an HTML page with a button that POSTs the same URL; a GET unsubscribes nobody, since mail scanners open links (ADR 0056). 400 for a missing or malformed token.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribePage(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(podcastUnsubscribeSchema, { token: typeof token === 'string' ? token : undefined });
      return confirmUnsubscribePage(
        'Unsubscribe from podcast emails?',
        'Press the button and this address will no longer receive Kingdom Marketplace podcast emails.',
        `/api/podcast-subscriptions/unsubscribe?token=${encodeURIComponent(request.token)}`,
      );
    });
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Unsubscribes from podcast emails (the page\'s button, and RFC 8058 one-click: List-Unsubscribe-Post "List-Unsubscribe=One-Click" from mail clients, no sign-in; ADR 0056, 0072). Answers an HTML page: 200 (also when already unsubscribed), 400 for a missing or malformed token, 404 for an unknown one.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribe(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(podcastUnsubscribeSchema, { token: typeof token === 'string' ? token : undefined });
      const result = await this.rpc.send(MediaSubjects.subscriptionsUnsubscribe, request);
      return {
        status: 200,
        title: 'You have been unsubscribed',
        message: `${result.email} will no longer receive Kingdom Marketplace podcast emails. You can subscribe again at any time on the podcast page.`,
      };
    });
  }
}
