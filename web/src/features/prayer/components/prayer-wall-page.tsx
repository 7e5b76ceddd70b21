import type { PrayerWallCard } from '@km/contracts';
import { PRAYER_REQUEST_TYPE_LABELS, PRAYER_REQUEST_TYPE_OPTIONS, type PrayerRequestType } from '@km/contracts/vocabulary';
import { Flag, HandHeart, Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast/use-toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { SelectOptions } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { usePrayerWall, type WallSection } from '../api/get-prayer-wall';
import { usePrayForRequest } from '../api/pray-for-request';
import { timeAgo } from '../time-ago';

/** /prayer: the public prayer wall and its praise reports (ADR 0042). */
const loadReportDialog = () => import('./report-prayer-dialog');

export function PrayerWallPage() {
  const [type, setType] = useState<PrayerRequestType | ''>('');
  return (
    <>
      <PageHeader title="Prayer Wall">
        Requests shared with their author&apos;s consent and approved by our team. Pray for one, and tap &ldquo;I prayed&rdquo; so they know.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            Request type
            <select value={type} onChange={(event) => setType(event.currentTarget.value as PrayerRequestType | '')} className={`${inputClasses} min-w-56`}>
              <SelectOptions options={PRAYER_REQUEST_TYPE_OPTIONS} placeholder="All requests" />
            </select>
          </label>
          <Link to="/contact#prayer" className={buttonClasses('accent', 'md')}>
            <HandHeart className="size-4" aria-hidden />
            Share a prayer request
          </Link>
        </div>
        <WallSectionList key={`requests-${type}`} section="requests" type={type} title="Prayer requests" empty="No prayer requests here yet." />
        <WallSectionList key={`praise-${type}`} section="praise" type={type} title="Praise" empty="No praise reports yet." />
      </div>
    </>
  );
}

function WallSectionList({ section, type, title, empty }: { section: WallSection; type: PrayerRequestType | ''; title: string; empty: string }) {
  const [page, setPage] = useState(1);
  const wall = usePrayerWall(section, page, type);
  const headingId = `wall-${section}`;
  const pages = wall.data ? Math.max(1, Math.ceil(wall.data.total / wall.data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="flex items-center gap-2 font-serif text-2xl font-bold text-indigo-950">
        {section === 'praise' && <Sparkles className="size-5 text-amber-600" aria-hidden />}
        {title}
      </h2>
      {wall.isPending ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} className="py-10" />
      ) : wall.isError ? (
        <p role="alert" className="text-slate-700">
          We could not load the wall just now. Please try again in a moment.
        </p>
      ) : wall.data.items.length === 0 ? (
        <p className="text-slate-600">{empty}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {wall.data.items.map((card) => (
            <WallCard key={card.id} card={card} praise={section === 'praise'} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={`${title} pages`} className="flex items-center gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </section>
  );
}

function WallCard({ card, praise }: { card: PrayerWallCard; praise: boolean }) {
  const pray = usePrayForRequest();
  const [prayed, setPrayed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // The report dialog's code (Radix Dialog, about 15 KB) comes at the first sign of use, not with the wall's first paint.
  const report = useDeferredModule(loadReportDialog, confirming);
  const reportRef = useRef<HTMLButtonElement>(null);
  const people = `${card.prayedCount} ${card.prayedCount === 1 ? 'person' : 'people'} prayed`;
  return (
    <li className="grid gap-3 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <span className="font-semibold text-indigo-950">{card.name}</span>
        <span aria-hidden>·</span>
        <span>{PRAYER_REQUEST_TYPE_LABELS[card.requestType]}</span>
        <span aria-hidden>·</span>
        <time dateTime={card.submittedAt}>{timeAgo(card.submittedAt)}</time>
      </p>
      <p className="leading-relaxed break-words whitespace-pre-line text-slate-800">{card.text}</p>
      {praise && card.answer && (
        <blockquote className="rounded-md border-l-4 border-amber-400 bg-amber-50 px-4 py-3 text-slate-800">
          <p className="text-sm font-semibold text-amber-900">What happened</p>
          <p className="whitespace-pre-line">{card.answer}</p>
        </blockquote>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {people}
        </p>
        <div className="flex gap-2">
          {!praise && (
            <Button
              size="sm"
              variant={prayed ? 'outline' : 'primary'}
              disabled={pray.isPending}
              aria-pressed={prayed}
              onClick={() =>
                pray.mutate(card.id, {
                  onSuccess: () => setPrayed(true),
                  onError: (error) =>
                    toast({ title: 'Could not count your prayer', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
                })
              }
            >
              <HandHeart className="size-4" aria-hidden />
              {prayed ? 'Prayed' : 'I prayed'}
            </Button>
          )}
          <button
            ref={reportRef}
            type="button"
            className={buttonClasses('ghost', 'sm')}
            aria-label={`Report this request from ${card.name} as inappropriate`}
            aria-haspopup="dialog"
            aria-expanded={confirming}
            onClick={() => setConfirming(true)}
          >
            <Flag className="size-4" aria-hidden />
            Report
          </button>
          {report && <report.ReportPrayerDialog open={confirming} onOpenChange={setConfirming} returnFocusTo={reportRef} card={card} />}
        </div>
      </div>
    </li>
  );
}
