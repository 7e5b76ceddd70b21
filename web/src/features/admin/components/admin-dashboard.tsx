import { BookOpen, HandHeart, Mail, NotebookPen, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFormsCounts } from '../api/get-forms-counts';
import { INBOXES, type InboxKind } from '../inbox';
import { InboxPanel } from './inbox-panel';

/** A tab another feature adds to the dashboard; the app route composes them, since features do not import each other. */
export interface DashboardTab {
  value: string;
  label: string;
  content: ReactNode;
}

const ICONS: Record<InboxKind, LucideIcon> = {
  'contact-messages': Mail,
  'publishing-inquiries': NotebookPen,
  'book-submissions': BookOpen,
  'prayer-requests': HandHeart,
};

interface AdminDashboardProps {
  isAdmin: boolean;
  /** Tabs after the four inboxes; the Orders tab of the checkout work goes here. */
  extraTabs?: readonly DashboardTab[];
}

/** The admin inbox (spec §2): four count cards and a tab per kind of submission. */
export function AdminDashboard({ isAdmin, extraTabs = [] }: AdminDashboardProps) {
  // `?tab=stock` opens a tab by name: the low-stock email links to the Stock tab (ADR 0050).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<string>(() => {
    const asked = params.get('tab');
    return asked && [...INBOXES.map((inbox) => inbox.kind), ...extraTabs.map((extra) => extra.value)].includes(asked) ? asked : INBOXES[0].kind;
  });
  const counts = useFormsCounts({ enabled: isAdmin });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-10">
      <section aria-labelledby="inbox-counts-heading">
        <h2 id="inbox-counts-heading" className="sr-only">
          Submission counts
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {INBOXES.map((inbox) => {
            const Icon = ICONS[inbox.kind];
            const count = counts.data?.[inbox.countKey];
            return (
              <li key={inbox.kind} data-testid={`count-${inbox.kind}`} className="rounded-xl border border-indigo-100 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex items-center justify-between gap-3">
                  <p className="text-sm font-semibold text-slate-700">{inbox.title}</p>
                  <span className="hidden size-9 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-700 sm:grid">
                    <Icon className="size-4" aria-hidden />
                  </span>
                </div>
                <p className="mt-3 font-serif text-4xl font-bold text-indigo-950" data-testid="count-total">
                  {count ? (
                    count.total
                  ) : (
                    <>
                      <span aria-hidden>{counts.isError ? '—' : '…'}</span>
                      <span className="sr-only">{counts.isError ? 'Count unavailable' : 'Loading'}</span>
                    </>
                  )}
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  {count ? (count.needsAttention > 0 ? `${count.needsAttention} need attention` : 'All caught up') : '\u00a0'}
                </p>
              </li>
            );
          })}
        </ul>
      </section>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Submissions" className="w-full">
          {INBOXES.map((inbox) => (
            <TabsTrigger key={inbox.kind} value={inbox.kind}>
              {inbox.title}
            </TabsTrigger>
          ))}
          {extraTabs.map((extra) => (
            <TabsTrigger key={extra.value} value={extra.value}>
              {extra.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {INBOXES.map((inbox) => (
          <TabsContent key={inbox.kind} value={inbox.kind}>
            <InboxPanel inbox={inbox} isAdmin={isAdmin} />
          </TabsContent>
        ))}
        {extraTabs.map((extra) => (
          <TabsContent key={extra.value} value={extra.value}>
            {extra.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
