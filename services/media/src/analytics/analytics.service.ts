import {
  daysBetween,
  type ListeningAppKind,
  PODCAST_ANALYTICS_ROWS_PAGE,
  PODCAST_ANALYTICS_TOP_APPS,
  type PodcastAnalyticsQuery,
  type PodcastAnalyticsReport,
  type PodcastAnalyticsRows,
  type PodcastAnalyticsRowsRequest,
} from '@km/contracts/media';
import { NotFoundError } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface EpisodeFigures {
  id: string;
  episode_number: number;
  title: string;
  views: string;
  downloads: string;
  plays_before: string;
  downloads_before: string;
  plays_in_range: string;
  downloads_in_range: string;
}

/**
 * Reads the per-day counts (ADR 0071). A report's queries share one snapshot (REPEATABLE READ), so a play counted
 * while it is read is in all of its figures or in none, and each episode's baseline plus its days equals its counter.
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly dataSource: DataSource) {}

  async report({ from, to, episodeId }: PodcastAnalyticsQuery): Promise<PodcastAnalyticsReport> {
    const episode = episodeId ?? null;
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const episodes: EpisodeFigures[] = await manager.query(
        `SELECT e.id, e.episode_number, e.title, e.views, e.downloads,
           COALESCE(b.plays, 0) AS plays_before, COALESCE(b.downloads, 0) AS downloads_before,
           COALESCE(r.plays, 0) AS plays_in_range, COALESCE(r.downloads, 0) AS downloads_in_range
         FROM podcast_episodes e
         LEFT JOIN episode_count_baselines b ON b.episode_id = e.id
         LEFT JOIN (
           SELECT episode_id, sum(plays) AS plays, sum(downloads) AS downloads FROM episode_daily_counts
           WHERE day BETWEEN $1::date AND $2::date GROUP BY episode_id
         ) r ON r.episode_id = e.id
         WHERE $3::uuid IS NULL OR e.id = $3::uuid
         ORDER BY downloads_in_range DESC, plays_in_range DESC, e.episode_number DESC`,
        [from, to, episode],
      );
      if (episode && episodes.length === 0) throw new NotFoundError('episode', episode);
      const days: { day: string; plays: string; downloads: string }[] = await manager.query(
        `SELECT day::text AS day, sum(plays) AS plays, sum(downloads) AS downloads FROM episode_daily_counts
         WHERE day BETWEEN $1::date AND $2::date AND ($3::uuid IS NULL OR episode_id = $3::uuid) GROUP BY day`,
        [from, to, episode],
      );
      const apps: { app: string; kind: ListeningAppKind; downloads: string }[] = await manager.query(
        `SELECT app, kind, sum(downloads) AS downloads FROM episode_app_downloads
         WHERE day BETWEEN $1::date AND $2::date AND ($3::uuid IS NULL OR episode_id = $3::uuid)
         GROUP BY app, kind ORDER BY sum(downloads) DESC, app LIMIT $4`,
        [from, to, episode, PODCAST_ANALYTICS_TOP_APPS],
      );
      const [since]: { day: string | null }[] = await manager.query(`SELECT min(taken_on)::text AS day FROM episode_count_baselines`);

      const byDay = new Map(days.map((row) => [row.day, row]));
      const series = daysBetween(from, to).map((day) => ({
        day,
        plays: Number(byDay.get(day)?.plays ?? 0),
        downloads: Number(byDay.get(day)?.downloads ?? 0),
      }));
      const totals = series.reduce((sum, row) => ({ plays: sum.plays + row.plays, downloads: sum.downloads + row.downloads }), { plays: 0, downloads: 0 });
      const top = apps.map((row) => ({ name: row.app, kind: row.kind, downloads: Number(row.downloads) }));
      return {
        from,
        to,
        episodeId: episode,
        recordsSince: since.day,
        days: series,
        episodes: episodes.map((row) => ({
          id: row.id,
          episodeNumber: row.episode_number,
          title: row.title,
          plays: Number(row.plays_in_range),
          downloads: Number(row.downloads_in_range),
          playsBeforeRecords: Number(row.plays_before),
          downloadsBeforeRecords: Number(row.downloads_before),
          totalPlays: Number(row.views),
          totalDownloads: Number(row.downloads),
        })),
        apps: top,
        otherAppsDownloads: totals.downloads - top.reduce((sum, app) => sum + app.downloads, 0),
        totals,
      };
    });
  }

  /** The CSV's rows: one per episode and UTC day with a count, by day then episode number, a page at a time. */
  async rows({ from, to, episodeId, after }: PodcastAnalyticsRowsRequest): Promise<PodcastAnalyticsRows> {
    const rows: { day: string; id: string; episode_number: number; title: string; plays: string; downloads: string }[] = await this.dataSource.query(
      `SELECT c.day::text AS day, e.id, e.episode_number, e.title, c.plays, c.downloads
       FROM episode_daily_counts c JOIN podcast_episodes e ON e.id = c.episode_id
       WHERE c.day BETWEEN $1::date AND $2::date AND ($3::uuid IS NULL OR c.episode_id = $3::uuid)
         AND ($4::date IS NULL OR (c.day, e.episode_number) > ($4::date, $5::integer))
       ORDER BY c.day, e.episode_number LIMIT $6`,
      [from, to, episodeId ?? null, after?.day ?? null, after?.episodeNumber ?? null, PODCAST_ANALYTICS_ROWS_PAGE],
    );
    return {
      items: rows.map((row) => ({
        day: row.day,
        episodeId: row.id,
        episodeNumber: row.episode_number,
        title: row.title,
        plays: Number(row.plays),
        downloads: Number(row.downloads),
      })),
    };
  }
}
