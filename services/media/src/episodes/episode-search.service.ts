import { renditionsOf } from '@km/contracts/common';
import { EPISODE_SEARCH_LIMIT, type EpisodeSearchHit, type EpisodeSearchResult, type SearchSnippetPart } from '@km/contracts/media';
import type { EpisodeMediaType } from '@km/contracts/vocabulary';
import { invalidFields } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';

/** Marks ts_headline puts around the words found: control characters, which no search and no snippet contains. */
const START = '\u0001';
const STOP = '\u0002';
/** A fragment or two of the description around the words; the whole transcript line. */
const SNIPPET_OPTIONS = `StartSel="${START}", StopSel="${STOP}", MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;
const LINE_OPTIONS = `StartSel="${START}", StopSel="${STOP}", HighlightAll=true`;

/** Text with ts_headline's marks as parts, each saying whether it is a word searched for. */
export function snippetParts(marked: string): SearchSnippetPart[] {
  const parts: SearchSnippetPart[] = [];
  for (const piece of marked.split(START)) {
    const [inside, after] = piece.includes(STOP) ? piece.split(STOP, 2) : [null, piece];
    if (inside) parts.push({ text: inside, match: true });
    if (after) parts.push({ text: after, match: false });
  }
  // Words found side by side ("living water") read as one mark: the spaces between two marks join them.
  const joined: SearchSnippetPart[] = [];
  parts.forEach((part, i) => {
    const between = !part.match && part.text.trim() === '' && parts[i - 1]?.match && parts[i + 1]?.match;
    const last = joined.at(-1);
    if (last && (last.match === part.match || between)) last.text += part.text;
    else joined.push({ ...part });
  });
  return joined;
}

interface HitRow {
  id: string;
  episode_number: number;
  title: string;
  media_type: EpisodeMediaType;
  duration: number;
  thumbnail_key: string | null;
  thumbnail_widths: number[];
  total: number;
  snippet: string | null;
  line_start: number | null;
  line: string | null;
}

/**
 * The search (ADR 0053). Three tiers, each read newest first and only as far as the page needs:
 * - `titled`: the title says the words (`title_search`, small and inline), by rank;
 * - `noted`: the notes say them and the title does not;
 * - `spoken`: only the transcript says them (its phrase's order dropped: `loose`).
 * `cand`, the episodes whose title or notes have the words, comes from the GIN index alone (`wide`: the phrase's order
 * dropped, so no row is rechecked); only a phrase's order is then checked, row by row, for the rows a tier reads
 * (`exact` says when there is nothing to check). A negated phrase (`-"a b"`) cannot be widened, and is asked exactly.
 * The transcripts' matches are decided by their own index scan, and no transcript's tsvector is ever decompressed.
 * The notes' snippet is made for the hits returned only, and only when the notes (weight B) say the words.
 */
const SEARCH_SQL = `WITH q AS MATERIALIZED (
    SELECT query, loose, CASE WHEN strpos(query::text, '!') = 0 THEN loose ELSE query END AS wide,
           (strpos(query::text, '!') > 0 OR query::text = loose::text) AS exact
    FROM websearch_to_tsquery('english', $1) AS query,
         LATERAL (SELECT regexp_replace(query::text, ' <(\\d+|-)> ', ' & ', 'g')::tsquery AS loose) AS l
  ),
  cand AS MATERIALIZED (SELECT e.id FROM podcast_episodes e, q WHERE e.search_text @@ q.wide),
  in_transcript AS MATERIALIZED (SELECT e.id FROM podcast_episodes e, q WHERE e.transcript_search @@ q.loose),
  titled AS MATERIALIZED (
    SELECT e.id, e.episode_number, ts_rank(e.title_search, q.query) AS rank
    FROM podcast_episodes e, q WHERE e.id IN (SELECT id FROM cand) AND e.title_search @@ q.query
    ORDER BY rank DESC, e.episode_number DESC LIMIT $2
  ),
  noted AS MATERIALIZED (
    SELECT e.id, e.episode_number FROM podcast_episodes e, q
    WHERE e.id IN (SELECT id FROM cand) AND NOT e.title_search @@ q.query AND (q.exact OR e.search_text @@ q.query)
    ORDER BY e.episode_number DESC LIMIT greatest(0, $2 - (SELECT count(*) FROM titled))
  ),
  spoken AS MATERIALIZED (
    SELECT e.id, e.episode_number FROM podcast_episodes e, q
    WHERE e.id IN (SELECT id FROM in_transcript) AND NOT (e.id IN (SELECT id FROM cand) AND (q.exact OR e.search_text @@ q.query))
    ORDER BY e.episode_number DESC LIMIT greatest(0, $2 - (SELECT count(*) FROM titled) - (SELECT count(*) FROM noted))
  ),
  best AS (
    SELECT id, 1 AS tier, rank, episode_number FROM titled
    UNION ALL SELECT id, 2, 0, episode_number FROM noted
    UNION ALL SELECT id, 3, 0, episode_number FROM spoken
  )
  SELECT e.id, e.episode_number, e.title, e.media_type, e.duration, e.thumbnail_key, e.thumbnail_widths,
         ((SELECT count(*) FROM in_transcript) + (
           SELECT count(*) FROM cand c JOIN podcast_episodes x ON x.id = c.id, q
           WHERE c.id NOT IN (SELECT id FROM in_transcript) AND (q.exact OR x.search_text @@ q.query)
         ))::int AS total,
         CASE WHEN ts_filter(e.search_text, '{b}') @@ q.query THEN ts_headline('english', e.description, q.query, $3) END AS snippet,
         line.start_time AS line_start, line.text AS line
  FROM best b JOIN podcast_episodes e ON e.id = b.id CROSS JOIN q
  LEFT JOIN LATERAL (
    SELECT l.start_time, ts_headline('english', l.text, q.query, $4) AS text
    FROM episode_transcript_lines l
    WHERE l.episode_id = e.id AND l.search @@ q.query
    ORDER BY l.position LIMIT 1
  ) line ON true
  ORDER BY b.tier, b.rank DESC, b.episode_number DESC`;

/**
 * Podcast search in Postgres (ADR 0053): episodes whose title or description (weights A and B) or transcript say the
 * words, as `websearch_to_tsquery` reads them (never a syntax error, whatever is typed). Title hits come first by
 * rank, then show-note hits, then the transcript's, each newest first; each hit carries the description's snippet and the first
 * transcript line saying the words with its start time. A phrase is matched exactly in the title, the notes and the
 * line shown; a transcript as a whole need only say its words (`loose`: the phrase's order dropped), which the GIN
 * index decides without reading the transcript's positions.
 */
@Injectable()
export class EpisodeSearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(q: string): Promise<EpisodeSearchResult> {
    const rows: HitRow[] = await this.dataSource.transaction(async (manager) => {
      const [{ words }] = (await manager.query(`SELECT numnode(websearch_to_tsquery('english', $1))::int AS words`, [q])) as { words: number }[];
      if (words === 0)
        throw invalidFields([
          {
            field: 'q',
            message: 'q has no word to search for (short common words such as "the" or "and", and punctuation, are left out): add a name or a topic',
          },
        ]);
      await manager.query('SET LOCAL enable_seqscan = off');
      // A named statement: each pooled connection plans it once, not on every search (a third of a search's time).
      const client = (manager.queryRunner as unknown as { databaseConnection: PoolClient }).databaseConnection;
      const result = await client.query<HitRow>({ name: 'episode-search', text: SEARCH_SQL, values: [q, EPISODE_SEARCH_LIMIT, SNIPPET_OPTIONS, LINE_OPTIONS] });
      return result.rows;
    });
    return { q, total: rows[0]?.total ?? 0, items: rows.map(toHit) };
  }
}

const toHit = (r: HitRow): EpisodeSearchHit => ({
  id: r.id,
  episodeNumber: r.episode_number,
  title: r.title,
  mediaType: r.media_type,
  duration: r.duration,
  thumbnailUrl: r.thumbnail_key ? `/${r.thumbnail_key}` : null,
  thumbnails: renditionsOf(r.thumbnail_key, r.thumbnail_widths),
  snippet: r.snippet === null ? null : snippetParts(r.snippet),
  line: r.line === null || r.line_start === null ? null : { start: Math.floor(r.line_start), parts: snippetParts(r.line) },
});
