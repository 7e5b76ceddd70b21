import { MediaSubjects, podcastAnalyticsQuerySchema, type PodcastAnalyticsReport } from '@km/contracts/media';
import { parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireAdmin } from '../auth/guards';
import { sendCsvPages } from '../http/csv-reply';

const CSV_HEADER = ['day_utc', 'episode_number', 'episode_title', 'plays', 'downloads'] as const;

/** Podcast analytics for admins (ADR 0071): plays and IAB downloads per UTC day, per episode and per listening app. */
@ApiTags('podcast')
@Controller('api/admin')
export class PodcastAnalyticsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('podcast-analytics')
  @RequireAdmin()
  @ApiOperation({
    summary:
      'Plays and downloads per UTC day of a range (at most 366 days, both ends included), per episode (with each counter’s all-time total and what was counted before daily records), and the top listening apps.',
  })
  @ApiQuery({ name: 'from', example: '2026-01-01', description: 'First UTC day, YYYY-MM-DD.' })
  @ApiQuery({ name: 'to', example: '2026-01-31', description: 'Last UTC day, YYYY-MM-DD.' })
  @ApiQuery({ name: 'episodeId', required: false, description: 'One episode only.' })
  @ApiResponse({ status: 400, description: 'A day that is not a real YYYY-MM-DD, to before from, or a range over 366 days.' })
  report(@Query() query: Record<string, unknown>): Promise<PodcastAnalyticsReport> {
    return this.rpc.send(MediaSubjects.analyticsReport, parseOrThrow(podcastAnalyticsQuerySchema, query));
  }

  @Get('podcast-analytics.csv')
  @RequireAdmin()
  @ApiOperation({
    summary: 'The same range as CSV: one row per episode and UTC day with a play or a download (day_utc, episode_number, episode_title, plays, downloads).',
  })
  @ApiQuery({ name: 'from', example: '2026-01-01' })
  @ApiQuery({ name: 'to', example: '2026-01-31' })
  @ApiQuery({ name: 'episodeId', required: false })
  async csv(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const range = parseOrThrow(podcastAnalyticsQuerySchema, query);
    await sendCsvPages(
      reply,
      { name: `podcast-analytics-${range.from}-to-${range.to}.csv`, header: CSV_HEADER },
      async () => (await this.rpc.send(MediaSubjects.analyticsRows, range)).items,
      async (last) => (await this.rpc.send(MediaSubjects.analyticsRows, { ...range, after: { day: last.day, episodeNumber: last.episodeNumber } })).items,
      (row) => [row.day, row.episodeNumber, row.title, row.plays, row.downloads],
    );
  }
}
