import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface PodcastSubscriptionInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  preferredFormat: string;
  interests: string[];
  howHeardAboutUs: string;
  wantsNewsletter: boolean;
}

export async function subscribeToPodcast(input: PodcastSubscriptionInput): Promise<unknown> {
  const res = await apiRequest('POST', '/api/podcast-subscriptions', input);
  return res.json();
}

export const useSubscribeToPodcast = () => useMutation({ mutationFn: subscribeToPodcast });
