import type { TranscriptFormat } from './schemas';
import type { TranscriptCue } from './types';

/** Lines of one transcript: more is not a podcast episode's speech (ten hours at a line every two seconds). */
export const TRANSCRIPT_MAX_CUES = 20_000;

/** A transcript file that is not what its format says: the 1-based line where reading stopped, and why. */
export class TranscriptProblem extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const TIMING = {
  // WebVTT: hours optional, a dot before the milliseconds; cue settings may follow.
  vtt: /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})\s+-->\s+(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})(?:\s+.*)?$/,
  // SubRip: hours always, a comma before the milliseconds.
  srt: /^(\d{1,3}):([0-5]\d):([0-5]\d),(\d{3})\s+-->\s+(\d{1,3}):([0-5]\d):([0-5]\d),(\d{3})\s*$/,
};
const TIMING_EXAMPLE = { vtt: '00:01:02.000 --> 00:01:05.500', srt: '00:01:02,000 --> 00:01:05,500' };

const seconds = (h: string | undefined, m: string, s: string, ms: string) => Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&quot;': '"', '&#39;': "'" };
/** A cue's words: markup (`<v Speaker>`, `<i>`, timestamps) dropped, entities read, whitespace on one line. */
const plain = (lines: string[]) =>
  lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|quot|#39);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Reads a WebVTT or SubRip file strictly (ADR 0046): the WEBVTT header, cue timings of the format's shape, an end
 * after each start, starts in order, text in every cue; NOTE, STYLE and REGION blocks of WebVTT are skipped. Throws
 * a TranscriptProblem naming the line otherwise.
 */
export function parseTranscript(text: string, format: TranscriptFormat): TranscriptCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let i = 0;
  if (format === 'vtt') {
    if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) throw new TranscriptProblem(1, 'a WebVTT file starts with the line WEBVTT');
    i = 1;
    while (i < lines.length && lines[i].trim() !== '') i++; // the header's own lines
  }
  const cues: TranscriptCue[] = [];
  while (i < lines.length) {
    while (i < lines.length && lines[i].trim() === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i].trim() !== '') block.push(lines[i++]);
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0])) continue;
    // An identifier line may come first (SubRip: the cue's number).
    let t = block[0].includes('-->') ? 0 : 1;
    if (t === 1 && format === 'srt' && !/^\d+$/.test(block[0].trim()))
      throw new TranscriptProblem(blockStart + 1, `expected the cue's number, or its timing like ${TIMING_EXAMPLE.srt}`);
    const timing = TIMING[format].exec((block[t] ?? '').trim());
    if (!timing) throw new TranscriptProblem(blockStart + t + 1, `expected a cue timing like ${TIMING_EXAMPLE[format]}`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = timing;
    const start = seconds(h1, m1, s1, ms1);
    const end = seconds(h2, m2, s2, ms2);
    const line = blockStart + t + 1;
    if (end <= start) throw new TranscriptProblem(line, 'the cue ends before it starts');
    const previous = cues.at(-1);
    if (previous && start < previous.start) throw new TranscriptProblem(line, 'cues must be in order of their start times');
    t++;
    const words = plain(block.slice(t));
    if (!words) throw new TranscriptProblem(line, 'the cue has no text');
    cues.push({ start, end, text: words });
    if (cues.length > TRANSCRIPT_MAX_CUES) throw new TranscriptProblem(line, `a transcript has at most ${TRANSCRIPT_MAX_CUES.toLocaleString('en-US')} cues`);
  }
  if (cues.length === 0) throw new TranscriptProblem(lines.length, 'the file has no cues');
  return cues;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function stamp(total: number, separator: '.' | ','): string {
  const ms = Math.round(total * 1000);
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}
/** Text as a cue carries it: the characters WebVTT and SubRip read as markup escaped. */
const cueText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const toVtt = (cues: TranscriptCue[]) =>
  `WEBVTT\n\n${cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${cueText(c.text)}\n`).join('\n')}`;

export const toSrt = (cues: TranscriptCue[]) =>
  cues.map((c, i) => `${i + 1}\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\n${cueText(c.text)}\n`).join('\n');
