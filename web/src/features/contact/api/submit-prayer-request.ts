import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PrayerRequestPayload } from '../prayer-request';

export async function submitPrayerRequest(payload: PrayerRequestPayload): Promise<void> {
  await apiRequest('POST', '/api/prayer-requests', payload);
}

export const useSubmitPrayerRequest = () => useMutation({ mutationFn: submitPrayerRequest });
