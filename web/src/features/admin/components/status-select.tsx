import { clsx } from 'clsx';
import { useId } from 'react';
import { toast } from '@/components/toast/use-toast';
import { inputClasses } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { useUpdateInboxStatus } from '../api/update-inbox-status';
import { INBOX_STATUS_OPTIONS } from '@km/contracts/vocabulary';
import { statusLabel, type InboxKind, type InboxStatus } from '../inbox';

interface StatusSelectProps {
  kind: InboxKind;
  id: string;
  status: InboxStatus;
  /** Read after "Status" by screen readers, to tell one row's control from the next. */
  context: string;
  /** "contact message", for the toast. */
  noun: string;
  className?: string;
}

/** Changes an inbox item's status at once (PATCH), then the list and the counts refresh. */
export function StatusSelect({ kind, id, status, context, noun, className }: StatusSelectProps) {
  const selectId = useId();
  const update = useUpdateInboxStatus();
  const shown = update.isPending ? update.variables.status : status;

  function handleChange(next: InboxStatus) {
    if (next === status) return;
    update.mutate(
      { kind, id, status: next },
      {
        onSuccess: () => {
          toast({
            title: 'Status updated',
            description: `The ${noun} is now marked ${statusLabel(next).toLowerCase()}.`,
            variant: 'success',
          });
        },
        onError: (error) => {
          toast({
            title: 'Failed to update status',
            description: serverMessage(error) ?? 'Please try again.',
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <div className={clsx('flex items-center gap-2', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
        Status<span className="sr-only"> of {context}</span>
      </label>
      <select
        id={selectId}
        value={shown}
        disabled={update.isPending}
        aria-busy={update.isPending || undefined}
        onChange={(event) => handleChange(event.currentTarget.value as InboxStatus)}
        className={clsx(inputClasses, 'h-9 w-auto min-w-36')}
      >
        {INBOX_STATUS_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {!INBOX_STATUS_OPTIONS.some((option) => option.value === status) && <option value={status}>{statusLabel(status)}</option>}
      </select>
    </div>
  );
}
