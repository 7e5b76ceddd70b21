import { LoaderCircle } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useState, type FormEvent } from 'react';
import { NEWSLETTER_AUDIENCE_LABELS, NEWSLETTER_AUDIENCES, type NewsletterAudience } from '@km/contracts/vocabulary';
import { toast } from '@/components/toast/use-toast';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { inputClasses, TextField } from '@/components/ui/field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { ScrollTable } from '@/components/ui/scroll-table';
import { AdminSection, cell, numericCell, QueryState } from './admin-list';
import {
  useCampaignAction,
  useCampaignPreview,
  useCampaigns,
  type CampaignAction,
  type CampaignDraft,
  type NewsletterCampaign,
} from '../api/newsletter-campaigns';

const STARTER = '## Hello friends\n\nWrite your news here. **Bold**, _italic_, [links](https://example.com) and lists:\n\n- one\n- two';
const STATUS_BADGE: Record<NewsletterCampaign['status'], BadgeVariant> = {
  draft: 'plain',
  scheduled: 'secondary',
  sending: 'secondary',
  sent: 'positive',
  cancelled: 'alert',
};
const STATUS_LABEL: Record<NewsletterCampaign['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/** The browser's time zone: a scheduled time is chosen and shown in it, and stored with it. */
const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const when = (iso: string, timeZone?: string | null) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZone ?? undefined,
    timeZoneName: 'short',
  });

/** The admin's Newsletter tab (ADR 0057): compose with a live preview, test, schedule or send, and watch progress. */
export function AdminNewsletter({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="grid gap-12">
      <Compose />
      <Campaigns isAdmin={isAdmin} />
    </div>
  );
}

function Compose() {
  const ids = { body: useId(), audience: useId(), featured: useId(), when: useId() };
  const [subject, setSubject] = useState('');
  const [preheader, setPreheader] = useState('');
  const [bodyMarkdown, setBody] = useState(STARTER);
  const [audience, setAudience] = useState<NewsletterAudience>('all');
  const [episode, setEpisode] = useState(false);
  const [at, setAt] = useState('');
  const [draftId, setDraftId] = useState<string | null>(null);
  const action = useCampaignAction();
  const draft: CampaignDraft = { subject: subject || 'Your subject', preheader, bodyMarkdown, audience, featured: episode ? { kind: 'episode' } : null };
  // The preview follows the typing without a request per key: React renders it from the settled draft.
  const settled = useDeferredValue(JSON.stringify(draft));
  const [asked, setAsked] = useState(settled);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(settled), 400);
    return () => clearTimeout(timer);
  }, [settled]);
  const preview = useCampaignPreview(JSON.parse(asked) as CampaignDraft, bodyMarkdown.trim().length > 0);
  const timeZone = localTimeZone();

  async function run(next: (id: string) => CampaignAction, done: (answer: unknown) => string) {
    try {
      const saved = (await action.mutateAsync({ kind: 'save', id: draftId, draft: { ...draft, subject } })) as NewsletterCampaign;
      setDraftId(saved.id);
      const answer = await action.mutateAsync(next(saved.id));
      toast({ title: 'Done', description: done(answer), variant: 'success' });
      return answer;
    } catch (error) {
      toast({ title: 'The campaign was not changed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      return undefined;
    }
  }
  const onSendNow = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await run(
        (id) => ({ kind: 'send', id }),
        () => 'The campaign is being sent; follow its progress below.',
      )
    )
      setDraftId(null);
  };
  const onTest = () =>
    run(
      (id) => ({ kind: 'test', id }),
      (answer) => `A test copy is on its way to ${(answer as { to: string }).to}.`,
    );
  const onSchedule = async () => {
    if (!at) {
      toast({ title: 'Choose a time', description: 'Pick the date and time to send it, then schedule.', variant: 'destructive' });
      return;
    }
    const iso = new Date(at).toISOString();
    if (
      await run(
        (id) => ({ kind: 'schedule', id, at: iso, timeZone }),
        () => `Scheduled for ${when(iso, timeZone)}.`,
      )
    )
      setDraftId(null);
  };

  return (
    <AdminSection title="Compose a newsletter" description="Write in Markdown; the preview is the email exactly as subscribers will receive it.">
      <form aria-label="Compose a newsletter" onSubmit={onSendNow} className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-4">
          <TextField label="Subject" required maxLength={150} value={subject} onChange={(e) => setSubject(e.target.value)} />
          <TextField
            label="Preheader (shown after the subject in the inbox)"
            maxLength={200}
            value={preheader}
            onChange={(e) => setPreheader(e.target.value)}
          />
          <div className="grid gap-1.5">
            <label htmlFor={ids.body} className="text-sm font-medium text-slate-800">
              Message (Markdown)
            </label>
            <textarea
              id={ids.body}
              required
              rows={12}
              value={bodyMarkdown}
              onChange={(e) => setBody(e.target.value)}
              className={`${inputClasses} h-auto py-2 font-mono`}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <label htmlFor={ids.audience} className="text-sm font-medium text-slate-800">
                Audience
              </label>
              <select id={ids.audience} value={audience} onChange={(e) => setAudience(e.currentTarget.value as NewsletterAudience)} className={inputClasses}>
                {NEWSLETTER_AUDIENCES.map((a) => (
                  <option key={a} value={a}>
                    {NEWSLETTER_AUDIENCE_LABELS[a]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={ids.featured} className="text-sm font-medium text-slate-800">
                Featured block
              </label>
              <select
                id={ids.featured}
                value={episode ? 'episode' : 'none'}
                onChange={(e) => setEpisode(e.currentTarget.value === 'episode')}
                className={inputClasses}
              >
                <option value="none">None</option>
                <option value="episode">Latest podcast episode</option>
              </select>
            </div>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={ids.when} className="text-sm font-medium text-slate-800">
              Send at (your time zone: {timeZone})
            </label>
            <input id={ids.when} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} className={inputClasses} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="outline" disabled={action.isPending || !subject} onClick={onTest}>
              Send a test to me
            </Button>
            <Button type="button" variant="outline" disabled={action.isPending || !subject} onClick={onSchedule}>
              Schedule
            </Button>
            <Button type="submit" disabled={action.isPending || !subject}>
              {action.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : null}
              Send now
            </Button>
          </div>
        </div>
        <div className="grid content-start gap-2">
          <p className="text-sm font-medium text-slate-800" aria-live="polite">
            Preview{preview.isFetching ? ' (updating…)' : ''}
          </p>
          {preview.isError ? (
            <p role="alert" className="text-red-700">
              {serverMessage(preview.error) ?? 'The preview could not be made.'}
            </p>
          ) : (
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={preview.data?.html ?? ''}
              className="h-[560px] w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </div>
      </form>
    </AdminSection>
  );
}

function Campaigns({ isAdmin }: { isAdmin: boolean }) {
  const campaigns = useCampaigns({ enabled: isAdmin });
  const action = useCampaignAction();
  const cancel = (id: string) =>
    action.mutate(
      { kind: 'cancel', id },
      {
        onSuccess: () => toast({ title: 'Campaign cancelled', description: 'Nobody will receive it.', variant: 'success' }),
        onError: (error) => toast({ title: 'Not cancelled', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  return (
    <AdminSection title="Campaigns" description="Progress updates on its own while a campaign is being sent; each recipient gets one copy.">
      <QueryState query={campaigns} what="campaigns" empty="No campaigns yet." isEmpty={(data) => data.length === 0}>
        {(data) => (
          <ScrollTable label="Sending progress of each campaign" columns={COLUMNS}>
            {data.map((c) => (
              <tr key={c.id} data-testid="campaign-row">
                <td className={`${cell} font-semibold text-indigo-950`}>{c.subject}</td>
                <td className={cell}>
                  <Badge variant={STATUS_BADGE[c.status]}>{STATUS_LABEL[c.status]}</Badge>
                  {c.status === 'scheduled' && c.scheduledAt ? <p className="mt-1 text-xs text-slate-600">{when(c.scheduledAt, c.timeZone)}</p> : null}
                </td>
                <td className={cell}>
                  {c.counts.total > 0 ? (
                    <ProgressBar value={((c.counts.sent + c.counts.failed + c.counts.skipped) / c.counts.total) * 100} label={`${c.subject}: delivered`} />
                  ) : (
                    '—'
                  )}
                </td>
                <td className={numericCell}>{c.counts.sent}</td>
                <td className={numericCell}>{c.counts.failed}</td>
                <td className={numericCell}>{c.counts.bounced}</td>
                <td className={numericCell}>{c.counts.pending}</td>
                <td className={cell}>
                  {c.status === 'scheduled' ? (
                    <Button size="sm" variant="outline" onClick={() => cancel(c.id)} disabled={action.isPending}>
                      Cancel
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </QueryState>
    </AdminSection>
  );
}

const COLUMNS = [
  { label: 'Subject' },
  { label: 'Status' },
  { label: 'Progress' },
  { label: 'Sent', numeric: true },
  { label: 'Failed', numeric: true },
  { label: 'Bounced', numeric: true },
  { label: 'Pending', numeric: true },
  { label: 'Actions' },
];
