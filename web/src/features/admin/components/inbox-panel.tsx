import { CircleAlert, Inbox, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { INBOX_PAGE_SIZE, useInbox } from '../api/get-inbox';
import { formatTimestamp, summarizeItem, type InboxDefinition, type InboxItems, type InboxKind } from '../inbox';
import { ManuscriptLink } from './manuscript-link';
import { Pager } from './admin-list';
import { StatusBadge, UrgentBadge } from './status-badge';
import { StatusSelect } from './status-select';

// The detail dialog (Radix Dialog, about 9 KB gzipped) is no part of the dashboard's first paint: its code comes at
// the admin's first sign of use, or when "View details" is pressed (ADR 0024).
const loadInboxItemDialog = () => import('./inbox-item-dialog');

/** One admin list: loading, error, empty, or the submissions newest first, a page at a time. */
export function InboxPanel<K extends InboxKind>({ inbox, isAdmin }: { inbox: InboxDefinition & { kind: K }; isAdmin: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useInbox(inbox.kind, page, { enabled: isAdmin });

  if (isPending) return <Spinner label={`Loading ${inbox.title.toLowerCase()}`} className="py-16" />;

  if (isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-10 text-center text-red-900">
        <CircleAlert className="size-8" aria-hidden />
        <p>The {inbox.title.toLowerCase()} could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { items, total } = data;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  const first = (page - 1) * INBOX_PAGE_SIZE + 1;
  const shown = items.length > 0 && pages > 1 ? ` · showing ${first}–${first + items.length - 1}` : '';

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === 1 ? `1 ${inbox.noun}` : `${total} ${inbox.title.toLowerCase()}`}, newest first{shown}
        </p>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
          {isFetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 bg-white p-12 text-center text-slate-600">
          <Inbox className="size-10 text-indigo-300" aria-hidden />
          <p>{inbox.empty}</p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={inbox.title}>
          {items.map((item) => (
            <li key={item.id}>
              <InboxRow inbox={inbox} item={item} />
            </li>
          ))}
        </ul>
      )}

      <Pager label={`${inbox.title} pages`} page={page} pages={pages} onPage={setPage} busy={isPlaceholderData} />
    </div>
  );
}

function InboxRow<K extends InboxKind>({ inbox, item }: { inbox: InboxDefinition & { kind: K }; item: InboxItems[K] }) {
  const summary = summarizeItem(inbox.kind, item);
  const headingId = `inbox-${item.id}`;
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsDialog = useDeferredModule(loadInboxItemDialog, detailsOpen);
  const detailsButton = useRef<HTMLButtonElement>(null);

  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-indigo-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="grid min-w-0 gap-1">
          <h3 id={headingId} className="truncate text-base font-bold text-slate-900">
            {summary.heading}
          </h3>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-800">{summary.from}</span>
            <span aria-hidden> · </span>
            <span className="break-all">{item.email}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {summary.urgent && <UrgentBadge />}
          <StatusBadge status={item.status} />
          <time dateTime={summary.receivedAt ?? undefined} className="text-xs whitespace-nowrap text-slate-500">
            {formatTimestamp(summary.receivedAt)}
          </time>
        </div>
      </div>

      {summary.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Details">
          {summary.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-900">
              {tag}
            </li>
          ))}
        </ul>
      )}

      <p className="line-clamp-2 text-sm whitespace-pre-line text-slate-700">{summary.preview}</p>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <StatusSelect kind={inbox.kind} id={item.id} status={item.status} context={summary.heading} noun={inbox.noun} />
        <div className="flex flex-wrap gap-2">
          {inbox.kind === 'book-submissions' && 'manuscriptUrl' in item && <ManuscriptLink href={item.manuscriptUrl} filename={item.manuscriptFilename} />}
          <button
            ref={detailsButton}
            type="button"
            className={buttonClasses('primary', 'sm')}
            aria-haspopup="dialog"
            aria-expanded={detailsOpen}
            onClick={() => setDetailsOpen(true)}
          >
            View details<span className="sr-only"> of {summary.heading}</span>
          </button>
          {detailsDialog && (
            <detailsDialog.InboxItemDialog
              inbox={inbox}
              item={item}
              summary={summary}
              open={detailsOpen}
              onOpenChange={setDetailsOpen}
              returnFocusTo={detailsButton}
            />
          )}
        </div>
      </div>
    </article>
  );
}
