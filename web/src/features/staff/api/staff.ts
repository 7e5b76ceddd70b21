import type { StaffAccount, StaffAccountRole } from '@km/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The Team screen's calls (ADR 0052): admins only; the gateway answers 403 to anyone else.
const STAFF_PATH = '/api/staff';
const json = async <T>(res: Promise<Response>) => (await (await res).json()) as T;

export const getStaff = () => json<{ items: StaffAccount[] }>(apiRequest('GET', STAFF_PATH));
export const staffQueryOptions = () => queryOptions({ queryKey: [STAFF_PATH] as const, queryFn: getStaff });
export const useStaff = () => useQuery(staffQueryOptions());

export interface StaffInvitation {
  email: string;
  username: string;
  role: StaffAccountRole;
}

/** A mutation over the staff list that refreshes it once done. */
function useStaffChange<V>(change: (variables: V) => Promise<StaffAccount>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: () => client.invalidateQueries({ queryKey: [STAFF_PATH] }) });
}

export const useInviteStaff = () =>
  useStaffChange((invitation: StaffInvitation) => json<StaffAccount>(apiRequest('POST', `${STAFF_PATH}/invitations`, invitation)));
export const useChangeStaffRole = () =>
  useStaffChange(({ id, role }: { id: string; role: StaffAccountRole }) =>
    json<StaffAccount>(apiRequest('PUT', `${STAFF_PATH}/${encodeURIComponent(id)}/role`, { role })),
  );
export const useResendInvitation = () =>
  useStaffChange((id: string) => json<StaffAccount>(apiRequest('POST', `${STAFF_PATH}/${encodeURIComponent(id)}/invitation`)));
export const useRemoveStaff = () => useStaffChange((id: string) => json<StaffAccount>(apiRequest('DELETE', `${STAFF_PATH}/${encodeURIComponent(id)}`)));
