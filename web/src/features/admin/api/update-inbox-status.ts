import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxPath, type InboxKind, type InboxStatus } from '../inbox';
import { FORMS_COUNTS_PATH } from './get-forms-counts';

export interface UpdateInboxStatusVariables {
  kind: InboxKind;
  id: string;
  status: InboxStatus;
}

/** PATCH /api/<inbox>/:id {status} (ARCHITECTURE §10). */
export async function updateInboxStatus({ kind, id, status }: UpdateInboxStatusVariables): Promise<void> {
  await apiRequest('PATCH', `${inboxPath(kind)}/${encodeURIComponent(id)}`, { status });
}

export function useUpdateInboxStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboxStatus,
    // The list shows the new badge and the cards their new "needs attention" figures.
    onSuccess: (_result, { kind }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [inboxPath(kind)] }), queryClient.invalidateQueries({ queryKey: [FORMS_COUNTS_PATH] })]),
  });
}
