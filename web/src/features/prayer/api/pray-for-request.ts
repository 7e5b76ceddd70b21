import type { FlagResult, PrayedResult, PrayerWallCard, PrayerWallPage } from '@km/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function prayForRequest(id: string): Promise<PrayedResult> {
  const res = await apiRequest('POST', `/api/prayer-wall/${encodeURIComponent(id)}/prayed`);
  return (await res.json()) as PrayedResult;
}

export async function flagPrayerRequest(id: string): Promise<FlagResult> {
  const res = await apiRequest('POST', `/api/prayer-wall/${encodeURIComponent(id)}/flag`);
  return (await res.json()) as FlagResult;
}

/** Every cached wall page, changed card by card. */
function updateCards(client: ReturnType<typeof useQueryClient>, change: (cards: PrayerWallCard[]) => PrayerWallCard[]) {
  client.setQueriesData<PrayerWallPage>({ queryKey: ['/api/prayer-wall'] }, (page) => (page ? { ...page, items: change(page.items) } : page));
}

/** "I prayed": the count shown becomes the server's at once. */
export function usePrayForRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: prayForRequest,
    onSuccess: (result) => updateCards(client, (cards) => cards.map((card) => (card.id === result.id ? { ...card, prayedCount: result.prayedCount } : card))),
  });
}

/** A flagged card leaves the wall at once (the server hides it until a moderator looks again). */
export function useFlagPrayerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: flagPrayerRequest,
    onSuccess: (result) => updateCards(client, (cards) => cards.filter((card) => card.id !== result.id)),
  });
}
