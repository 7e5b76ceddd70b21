import { readStoredJson, writeStoredJson } from '@/lib/storage';

/** Episodes a visitor saved with Save, kept in this browser only. */
export const SAVED_EPISODES_KEY = 'kingdom-saved-episodes';

export function readSavedEpisodes(): string[] {
  const stored = readStoredJson(SAVED_EPISODES_KEY);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** Saves or unsaves one episode; answers the new list. */
export function toggleSavedEpisode(saved: readonly string[], id: string): string[] {
  const next = saved.includes(id) ? saved.filter((s) => s !== id) : [...saved, id];
  writeStoredJson(SAVED_EPISODES_KEY, next);
  return next;
}
