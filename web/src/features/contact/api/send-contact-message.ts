import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ContactMessagePayload } from '../contact-message';

export async function sendContactMessage(payload: ContactMessagePayload): Promise<void> {
  await apiRequest('POST', '/api/contact-messages', payload);
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
