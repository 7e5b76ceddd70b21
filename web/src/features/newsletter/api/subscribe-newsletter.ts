import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function subscribeNewsletter(input: { email: string }): Promise<void> {
  await apiRequest('POST', '/api/newsletter-subscriptions', input);
}

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
