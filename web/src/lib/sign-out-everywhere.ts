import { apiRequest } from './api-client';
import { sessionEnded } from './session-hint';

/** Revokes every session of the signed-in user, this browser's included (the gateway clears its cookie). */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest('POST', '/api/auth/sessions/revoke-all');
  sessionEnded();
}
