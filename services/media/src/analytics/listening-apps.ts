import type { ListeningAppKind } from '@km/contracts/media';
import apps from './opawg/apps.json';
import bots from './opawg/bots.json';
import browsers from './opawg/browsers.json';
import libraries from './opawg/libraries.json';

/**
 * Names the app behind a download from its user agent with the Open Podcast Analytics Working Group's patterns
 * (user-agents-v2, vendored in ./opawg with its MIT licence; version in ADR 0071), as its README says: the first
 * matching entry of bots, then apps, then libraries, then browsers decides; no match is "Unknown".
 */
export interface ListeningApp {
  name: string;
  kind: ListeningAppKind;
}

/** User agents longer than this are cut before matching: no podcast app sends one near it. */
export const USER_AGENT_MAX_CHARS = 512;

interface PatternFile {
  entries: { name: string; pattern: string }[];
}

const compiled = (kind: Exclude<ListeningAppKind, 'unknown'>, file: PatternFile) =>
  file.entries.map((entry) => ({ name: entry.name, kind, pattern: new RegExp(entry.pattern) }));

const PATTERNS = [...compiled('bot', bots), ...compiled('app', apps), ...compiled('library', libraries), ...compiled('browser', browsers)];

export const UNKNOWN_APP: ListeningApp = { name: 'Unknown', kind: 'unknown' };

export function classifyUserAgent(userAgent: string | undefined): ListeningApp {
  // The list's first step: newlines are removed (only a hostile client sends them).
  const text = (userAgent ?? '').replace(/[\r\n]/g, '').slice(0, USER_AGENT_MAX_CHARS);
  if (!text) return UNKNOWN_APP;
  const found = PATTERNS.find((entry) => entry.pattern.test(text));
  return found ? { name: found.name, kind: found.kind } : UNKNOWN_APP;
}
