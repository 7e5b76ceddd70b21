// ADR 0053: podcast search at 1,000 episodes with full transcripts, through the gateway.
//
//   KM_PORT_OFFSET=2100 npx tsx bench/podcast-search.ts
//
// One command: it builds what is not built, starts its own stack on shifted ports (fresh data folder, removed at the
// end) and stores 1,000 episodes in media's database with SQL: titles, show notes of a few hundred words, and a
// transcript of 30 to 60 minutes each (a line every 4 seconds, 8 to 16 words), words drawn from a vocabulary of
// about 5,000 with a Zipf-like spread, as speech has. The transcripts go in `transcript_cues` as the media service
// writes them, so the database's own columns, indexes and trigger do the rest (ADR 0053). Then, with autocannon
// (BENCH_CONNECTIONS at once, 4 by default), it asks GET /api/podcast-episodes/search?q= with a mix of searches: a
// common word (in nearly every transcript), a middling one, a rare one, a title word, two words, a quoted phrase, a
// word no episode says. Prints each search's p99, then `podcast search p99 at 1,000 episodes: N ms (goal ≤ 50)`.
import autocannon from 'autocannon';
import { Client } from 'pg';
import { startBenchStack } from './stack';

const EPISODES = 1_000;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);

process.env.KM_PORT_OFFSET ??= '2100';

/** A small deterministic generator (mulberry32), so every run stores the same episodes. */
function generator(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20261127);

const THEMES =
  'faith grace hope love prayer church family business purpose community kingdom leadership service worship gospel scripture wisdom healing forgiveness mercy justice calling generosity stewardship marriage children mission ministry discipleship patience courage peace joy trust gratitude humility integrity money work rest sabbath neighbour friendship grief comfort promise covenant psalm prophet apostle parable harvest vineyard shepherd lamb river mountain desert city village market bread wine water fire light darkness morning evening season spring winter journey road door table garden seed fruit tree root branch storm rain sunrise'.split(
    ' ',
  );
const SYLLABLES = 'ka lo mi ra te su vin dor el an is ul por ben tal ser gon fi ma ne ro di ca pel'.split(' ');
/** Themed words first (the most said), then invented ones for the long tail of rare words. */
const VOCABULARY = [...THEMES];
for (let i = 0; VOCABULARY.length < 5_000; i++) {
  const a = SYLLABLES[i % SYLLABLES.length];
  const b = SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length];
  const c = SYLLABLES[Math.floor(i / SYLLABLES.length ** 2) % SYLLABLES.length];
  VOCABULARY.push(`${a}${b}${c}th`);
}
const FILLER = 'the and of to a in that it is was we you he she they with for on at as but so then when what how'.split(' ');
/** Zipf-like: word k is said about 1/k as often as the first. */
const word = () =>
  random() < 0.45 ? FILLER[Math.floor(random() * FILLER.length)] : VOCABULARY[Math.floor(Math.exp(random() * Math.log(VOCABULARY.length + 1))) - 1];
const sentence = (min: number, max: number) => {
  const words = Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word);
  return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
};

async function addEpisodes(db: Client): Promise<void> {
  console.log(`━━ storing ${EPISODES.toLocaleString('en-US')} episodes with transcripts`);
  let cues = 0;
  // After the episodes the stack may already hold (the demo's): the search is measured over EPISODES of its own.
  const { rows } = await db.query<{ n: number }>('SELECT coalesce(max(episode_number), 0)::int AS n FROM podcast_episodes');
  for (let n = rows[0].n + 1; n <= rows[0].n + EPISODES; n++) {
    const duration = 1800 + Math.floor(random() * 1801);
    const transcript = Array.from({ length: Math.floor(duration / 4) }, (_, i) => ({ start: i * 4, end: i * 4 + 3.8, text: sentence(8, 16) }));
    cues += transcript.length;
    const notes = Array.from({ length: 12 + Math.floor(random() * 20) }, () => sentence(8, 16)).join(' ');
    await db.query(
      `INSERT INTO podcast_episodes (title, episode_number, description, media_type, media_key, media_size, media_content_type, tags, duration,
                                     transcript_format, transcript_key, transcript_cues)
       VALUES ($1, $2, $3, 'audio', 'media/episodes/' || gen_random_uuid() || '.mp3', 30000000, 'audio/mpeg', ARRAY['bench'], $4, 'vtt', NULL, $5::jsonb)`,
      [`Episode ${n}: ${sentence(3, 6).slice(0, -1)}`, n, notes, duration, JSON.stringify(transcript)],
    );
    if ((n - rows[0].n) % 100 === 0) console.log(`  ${n - rows[0].n} episodes, ${cues.toLocaleString('en-US')} transcript lines`);
  }
  // As autovacuum would soon after a bulk insert: fresh statistics and visibility map for the planner.
  await db.query('VACUUM ANALYZE podcast_episodes');
  await db.query('VACUUM ANALYZE episode_transcript_lines');
}

const SEARCHES: [string, string][] = [
  ['a common word', 'grace'],
  ['a middling word', VOCABULARY[400]],
  ['a rare word', VOCABULARY[4_000]],
  ['a title word', 'harvest'],
  ['two words', 'prayer healing'],
  ['a quoted phrase', '"faith and hope"'],
  ['an excluded word', 'faith -money'],
  ['a word nobody says', 'zeppelin'],
];

async function measure(base: string, name: string, q: string, amount: number): Promise<number> {
  const result = await autocannon({ url: `${base}/api/podcast-episodes/search?q=${encodeURIComponent(q)}`, connections: CONNECTIONS, amount, timeout: 30 });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
    throw new Error(
      `${name}: ${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return result.latency.p99;
}

async function main() {
  // The benchmark is one client address; the per-address API budget must not be what it measures.
  const { base, urls, stop } = await startBenchStack('test', { gateway: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  const db = new Client({ connectionString: urls.databaseUrl('media') });
  await db.connect();
  try {
    await addEpisodes(db);
    for (const [name, q] of SEARCHES) {
      const found = (await (await fetch(`${base}/api/podcast-episodes/search?q=${encodeURIComponent(q)}`)).json()) as { total: number };
      console.log(`  ${name.padEnd(20)} q=${q.padEnd(18)} finds ${found.total} episodes`);
    }
    // Warm-up, not counted: the services' code paths compiled and Postgres's pages cached, as in a running site.
    for (const [name, q] of SEARCHES) await measure(base, name, q, 100);
    console.log(`━━ ${REQUESTS} searches, ${CONNECTIONS} at once`);
    const mixed = await autocannon({
      url: base,
      connections: CONNECTIONS,
      amount: REQUESTS,
      timeout: 30,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({
            ...req,
            path: `/api/podcast-episodes/search?q=${encodeURIComponent(SEARCHES[Math.floor(Math.random() * SEARCHES.length)][1])}`,
          }),
        },
      ],
    });
    if (mixed.non2xx > 0 || mixed.errors > 0 || mixed.timeouts > 0)
      throw new Error(`mixed searches: ${mixed.non2xx} non-2xx, ${mixed.errors} errors, ${mixed.timeouts} timeouts`);
    for (const [name, q] of SEARCHES) console.log(`  ${name.padEnd(20)} p99 ${await measure(base, name, q, Math.round(REQUESTS / SEARCHES.length))} ms`);
    console.log('');
    console.log(`podcast search p99 at 1,000 episodes: ${mixed.latency.p99} ms (goal ≤ 50)`);
  } finally {
    await db.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
