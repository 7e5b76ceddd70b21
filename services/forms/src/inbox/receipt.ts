import type { FormReceipt } from '@km/contracts';

/** What a visitor gets back for a submission: no copy of what they sent, just proof it arrived. */
export const receipt = (id: string, receivedAt: Date, message: string): FormReceipt => ({
  id,
  status: 'new',
  receivedAt: receivedAt.toISOString(),
  message,
});
