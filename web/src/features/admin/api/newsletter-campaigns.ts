import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignDraft, CampaignPreview, NewsletterCampaign } from '@km/contracts';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';

export type { CampaignDraft, CampaignPreview, NewsletterCampaign } from '@km/contracts';

export const NEWSLETTER_PATH = '/api/admin/newsletter';
const CAMPAIGNS_PATH = `${NEWSLETTER_PATH}/campaigns`;

/** Admin only: the newest campaigns with their status and counts (ADR 0057). */
export async function getCampaigns(signal?: AbortSignal): Promise<NewsletterCampaign[]> {
  const res = await fetch(CAMPAIGNS_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as NewsletterCampaign[];
}

export const campaignsQueryOptions = () => queryOptions({ queryKey: [CAMPAIGNS_PATH] as const, queryFn: ({ signal }) => getCampaigns(signal) });

/** Read again every two seconds while a campaign is being sent, so its progress moves on screen. */
export const useCampaigns = ({ enabled }: { enabled: boolean }) =>
  useQuery({
    ...campaignsQueryOptions(),
    enabled,
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending' || c.status === 'scheduled') ? 2000 : false),
  });

/** The email a draft makes, rendered by the server exactly as it is sent. */
export async function previewCampaign(draft: CampaignDraft, signal?: AbortSignal): Promise<CampaignPreview> {
  const res = await fetch(`${NEWSLETTER_PATH}/preview`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(draft),
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as CampaignPreview;
}

export const campaignPreviewQueryOptions = (draft: CampaignDraft) =>
  queryOptions({ queryKey: [NEWSLETTER_PATH, 'preview', draft] as const, queryFn: ({ signal }) => previewCampaign(draft, signal) });

/** The preview of the draft as typed (the caller passes a settled draft); the last one stays on screen meanwhile. */
export const useCampaignPreview = (draft: CampaignDraft, enabled: boolean) =>
  useQuery({ ...campaignPreviewQueryOptions(draft), enabled, placeholderData: keepPreviousData, retry: false });

export type CampaignAction =
  | { kind: 'save'; id: string | null; draft: CampaignDraft }
  | { kind: 'test' | 'send' | 'cancel'; id: string }
  | { kind: 'schedule'; id: string; at: string; timeZone: string };

async function act(action: CampaignAction): Promise<NewsletterCampaign | { to: string }> {
  switch (action.kind) {
    case 'save':
      return (await (action.id ? apiRequest('PUT', `${CAMPAIGNS_PATH}/${action.id}`, action.draft) : apiRequest('POST', CAMPAIGNS_PATH, action.draft))).json();
    case 'schedule':
      return (await apiRequest('POST', `${CAMPAIGNS_PATH}/${action.id}/schedule`, { at: action.at, timeZone: action.timeZone })).json();
    default:
      return (await apiRequest('POST', `${CAMPAIGNS_PATH}/${action.id}/${action.kind}`)).json();
  }
}

/** Saves, tests, schedules, sends or cancels; the list is read again afterwards. */
export function useCampaignAction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: act, onSuccess: () => client.invalidateQueries({ queryKey: [CAMPAIGNS_PATH] }) });
}
