import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PublishingInquiryPayload } from '../publishing-inquiry';

export async function submitPublishingInquiry(payload: PublishingInquiryPayload): Promise<void> {
  await apiRequest('POST', '/api/publishing-inquiries', payload);
}

export const useSubmitPublishingInquiry = () => useMutation({ mutationFn: submitPublishingInquiry });
