import type { TeamPrayerRequest } from '@km/contracts';
import { PRAYER_REQUEST_TYPE_LABELS, PRAYER_STATE_LABELS } from '@km/contracts/vocabulary';
import { AlertTriangle, Flag, HandHeart, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, textareaClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { nextPrayerRequest, recordTeamPrayer, useModerate, useModerationQueue } from '../api/prayer-team';
import { timeAgo } from '../time-ago';

/** The "Prayer" area of /admin (ADR 0043): a prayer session and the moderation queue; all a prayer-team member sees. */
export function AdminPrayer() {
  return (
    <div className="grid gap-10">
      <PrayerSession />
      <ModerationQueue />
    </div>
  );
}

function RequestDetails({ request }: { request: TeamPrayerRequest }) {
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {request.isUrgent && (
          <Badge variant="alert">
            <AlertTriangle className="mr-1 inline size-3" aria-hidden />
            Urgent
          </Badge>
        )}
        <Badge variant="secondary">{PRAYER_STATE_LABELS[request.state]}</Badge>
        {request.flagged && <Badge variant="alert">Flagged</Badge>}
        <span>
          {request.firstName} · {PRAYER_REQUEST_TYPE_LABELS[request.requestType]} · {timeAgo(request.submittedAt)} · prayed {request.prayedCount}×
        </span>
        {!request.allowSharing && <span>· Confidential</span>}
      </p>
      <p className="leading-relaxed break-words whitespace-pre-line text-slate-900">{request.prayerRequest}</p>
      {request.prayers.some((p) => p.note) && (
        <ul aria-label="Team notes" className="grid gap-1 text-sm text-slate-700">
          {request.prayers
            .filter((p) => p.note)
            .map((p) => (
              <li key={`${p.at}-${p.by}`}>
                <span className="font-semibold">{p.by}</span> ({timeAgo(p.at)}): {p.note}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}

/** One request at a time: urgent first, then the least prayed-for, then the oldest. */
function PrayerSession() {
  const [started, setStarted] = useState(false);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [current, setCurrent] = useState<TeamPrayerRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const [prayedFor, setPrayedFor] = useState(0);

  async function load(skip: string[]) {
    setBusy(true);
    try {
      setCurrent((await nextPrayerRequest(skip)).request);
    } catch (error) {
      toast({ title: 'Could not load the next request', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  async function prayed() {
    if (!current) return;
    setBusy(true);
    try {
      await recordTeamPrayer(current.id, note);
      setPrayedFor((n) => n + 1);
      setNote('');
      // Prayed-for requests of this session are not shown again in it.
      const skip = [...skipped, current.id];
      setSkipped(skip);
      await load(skip);
    } catch (error) {
      setBusy(false);
      toast({ title: 'Could not record your prayer', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    }
  }
  function skip() {
    if (!current) return;
    const next = [...skipped, current.id];
    setSkipped(next);
    setNote('');
    void load(next);
  }

  return (
    <section aria-labelledby="session-heading" className="grid gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 id="session-heading" className="font-serif text-2xl font-bold text-indigo-950">
        Prayer session
      </h2>
      {!started ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-700">One request at a time: urgent ones first, then those prayed for least.</p>
          <Button
            onClick={() => {
              setStarted(true);
              void load([]);
            }}
          >
            <HandHeart className="size-4" aria-hidden />
            Start praying
          </Button>
        </div>
      ) : busy && !current ? (
        <Spinner label="Loading the next request" className="py-8" />
      ) : !current ? (
        <p className="text-slate-700" role="status">
          {prayedFor > 0 ? `You prayed for ${prayedFor} ${prayedFor === 1 ? 'request' : 'requests'}. ` : ''}No more requests in this session. Thank you.
        </p>
      ) : (
        <div className="grid gap-4" aria-busy={busy}>
          <RequestDetails request={current} />
          <FormField label="Note for the team (optional)">
            {({ id }) => (
              <textarea id={id} value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={2} maxLength={2000} className={textareaClasses} />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={() => void prayed()}>
              <HandHeart className="size-4" aria-hidden />I prayed
            </Button>
            <Button variant="outline" disabled={busy} onClick={skip}>
              <SkipForward className="size-4" aria-hidden />
              Skip
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

function ModerationQueue() {
  const queue = useModerationQueue();
  const moderate = useModerate();
  const decide = (id: string, decision: 'approve' | 'reject') =>
    moderate.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: decision === 'approve' ? 'Approved for the wall' : 'Kept off the wall', variant: 'success' }),
        onError: (error) => toast({ title: 'That did not work', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  return (
    <section aria-labelledby="moderation-heading" className="grid gap-4">
      <h2 id="moderation-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-indigo-950">
        <Flag className="size-5 text-amber-600" aria-hidden />
        Waiting for moderation
      </h2>
      {queue.isPending ? (
        <Spinner label="Loading the moderation queue" className="py-8" />
      ) : queue.isError ? (
        <p role="alert">Could not load the moderation queue.</p>
      ) : queue.data.items.length === 0 ? (
        <p className="text-slate-600">Nothing is waiting. Shared requests, praise reports and flagged cards appear here.</p>
      ) : (
        <ul className="grid gap-4">
          {queue.data.items.map((request) => (
            <li key={request.id} className="grid gap-3 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
              <RequestDetails request={request} />
              <div className="flex gap-2">
                <Button
                  size="sm"
                  disabled={moderate.isPending}
                  onClick={() => decide(request.id, 'approve')}
                  aria-label={`Approve the request from ${request.firstName}`}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={moderate.isPending}
                  onClick={() => decide(request.id, 'reject')}
                  aria-label={`Reject the request from ${request.firstName}`}
                >
                  Reject
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
