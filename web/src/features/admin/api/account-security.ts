import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, throwIfResNotOk } from '@/lib/api-client';

export const TOTP_STATUS_PATH = '/api/auth/totp';

export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export interface TotpEnrolment {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

export async function getTotpStatus(signal?: AbortSignal): Promise<TotpStatus> {
  const res = await fetch(TOTP_STATUS_PATH, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as TotpStatus;
}

export const totpStatusQueryOptions = () => queryOptions({ queryKey: [TOTP_STATUS_PATH] as const, queryFn: ({ signal }) => getTotpStatus(signal) });
export const useTotpStatus = () => useQuery(totpStatusQueryOptions());

export const setupTotp = async (): Promise<TotpEnrolment> => (await (await apiRequest('POST', '/api/auth/totp/setup')).json()) as TotpEnrolment;

export const confirmTotp = async (code: string): Promise<{ recoveryCodes: string[] }> =>
  (await (await apiRequest('POST', '/api/auth/totp/confirm', { code })).json()) as { recoveryCodes: string[] };

export const disableTotp = async (body: { currentPassword: string; code: string }): Promise<void> => {
  await apiRequest('POST', '/api/auth/totp/disable', body);
};

/** Every other session of the admin is signed out; this one stays. */
export const changePassword = async (body: { currentPassword: string; newPassword: string }): Promise<{ revokedSessions: number }> =>
  (await (await apiRequest('POST', '/api/auth/password', body)).json()) as { revokedSessions: number };
