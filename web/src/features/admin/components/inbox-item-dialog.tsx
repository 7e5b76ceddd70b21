import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import type { RefObject } from 'react';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { detailFields, formatTimestamp, type InboxDefinition, type InboxItems, type InboxKind, type InboxSummary } from '../inbox';
import { ManuscriptLink } from './manuscript-link';
import { StatusBadge, UrgentBadge } from './status-badge';
import { StatusSelect } from './status-select';

interface InboxItemDialogProps<K extends InboxKind> {
  inbox: InboxDefinition & { kind: K };
  item: InboxItems[K];
  summary: InboxSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "View details" button: focus goes back to it on close (it is no Dialog.Trigger). */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/** Every field of one submission, with its status control (and, for books, the manuscript). */
export function InboxItemDialog<K extends InboxKind>({ inbox, item, summary, open, onOpenChange, returnFocusTo }: InboxItemDialogProps<K>) {
  const fields = detailFields(inbox.kind, item);

  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} returnFocusTo={returnFocusTo} className="max-w-2xl">
      <div className="grid gap-2 pr-8">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">{inbox.noun}</p>
        <Dialog.Title className="font-serif text-2xl font-bold text-indigo-950">{summary.heading}</Dialog.Title>
        <Dialog.Description className="text-sm text-slate-600">
          From {summary.from}, received {formatTimestamp(summary.receivedAt)}
        </Dialog.Description>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={item.status} />
          {summary.urgent && <UrgentBadge />}
        </div>
      </div>

      <dl className="mt-6 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.label} className={clsx('grid gap-0.5', field.long && 'sm:col-span-2')}>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{field.label}</dt>
            <dd className={clsx('text-sm text-slate-900', field.long && 'rounded-md bg-stone-50 p-3 whitespace-pre-line')}>
              {field.href ? (
                <a href={field.href} className="font-medium break-all text-indigo-800 underline-offset-2 hover:underline">
                  {field.value}
                </a>
              ) : (
                field.value
              )}
            </dd>
          </div>
        ))}
      </dl>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-slate-100 pt-5">
        <StatusSelect kind={inbox.kind} id={item.id} status={item.status} context={summary.heading} noun={inbox.noun} />
        {inbox.kind === 'book-submissions' && 'manuscriptUrl' in item && <ManuscriptLink href={item.manuscriptUrl} filename={item.manuscriptFilename} />}
      </div>
    </DialogFrame>
  );
}
