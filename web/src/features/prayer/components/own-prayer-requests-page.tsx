import type { OwnerActionBody, OwnPrayerRequest } from '@km/contracts';
import { PRAYER_REQUEST_TYPE_LABELS, PRAYER_STATE_LABELS } from '@km/contracts/vocabulary';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckboxField, FormField, textareaClasses } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useActOnOwnRequest, useOwnPrayerRequests, useUnsubscribeFromDigest } from '../api/own-prayer-requests';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** /prayer/mine?token=…: the requester's own page, reached from their digest (no password, ADR 0042). */
export function OwnPrayerRequestsPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const own = useOwnPrayerRequests(token);
  const unsubscribe = useUnsubscribeFromDigest(token);
  return (
    <>
      <PageHeader title="Your Prayer Requests">Update a request, tell us how God answered, keep it open longer, or take it down.</PageHeader>
      <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:px-6">
        {!token ? (
          <p role="alert" className="text-slate-700">
            This link is incomplete: open the link from your prayer email again. <Link to="/contact#prayer">Send a new prayer request</Link>.
          </p>
        ) : own.isPending ? (
          <Spinner label="Loading your requests" className="py-16" />
        ) : own.isError ? (
          <p role="alert" className="text-slate-700">
            {serverMessage(own.error) ?? 'We could not open your requests.'} <Link to="/contact#prayer">Send a new prayer request</Link>.
          </p>
        ) : (
          <>
            {own.data.items.map((item) => (
              <OwnRequest key={item.id} item={item} token={token} />
            ))}
            <section aria-labelledby="digest-heading" className="rounded-xl border border-indigo-100 bg-white p-5">
              <h2 id="digest-heading" className="font-serif text-xl font-bold text-indigo-950">
                Prayer updates by email
              </h2>
              {own.data.digest ? (
                <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
                  <p className="text-slate-700">At most once a day, we tell you how many people prayed for you.</p>
                  <Button variant="outline" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
                    Unsubscribe
                  </Button>
                </div>
              ) : (
                <p className="mt-2 text-slate-700">You will not receive prayer updates. The prayer team keeps praying.</p>
              )}
            </section>
          </>
        )}
      </div>
    </>
  );
}

function OwnRequest({ item, token }: { item: OwnPrayerRequest; token: string }) {
  const act = useActOnOwnRequest(token);
  const [mode, setMode] = useState<'none' | 'update' | 'answer'>('none');
  const [text, setText] = useState(item.prayerRequest);
  const [answer, setAnswer] = useState('');
  const [sharePraise, setSharePraise] = useState(item.allowSharing);
  const open = !item.takenDown && (item.state === 'new' || item.state === 'praying');
  const headingId = `request-${item.id}`;

  function run(change: OwnerActionBody, done: string) {
    act.mutate(
      { id: item.id, change },
      {
        onSuccess: () => {
          setMode('none');
          toast({ title: done, variant: 'success' });
        },
        onError: (error) => toast({ title: 'That did not work', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'update') run({ action: 'update', prayerRequest: text }, 'Your request is updated');
    else run({ action: 'answer', answer, sharePraise }, 'Praise God! Thank you for telling us');
  };

  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="font-serif text-xl font-bold text-indigo-950">
          {PRAYER_REQUEST_TYPE_LABELS[item.requestType]} request of {day(item.submittedAt)}
        </h2>
        <Badge variant={item.state === 'answered' ? 'positive' : item.takenDown || item.state === 'closed' ? 'plain' : 'secondary'}>
          {item.takenDown ? 'Taken down' : PRAYER_STATE_LABELS[item.state]}
        </Badge>
      </div>
      <p className="whitespace-pre-line text-slate-800">{item.prayerRequest}</p>
      <p className="text-sm text-slate-600">
        {item.prayedCount} {item.prayedCount === 1 ? 'person has' : 'people have'} prayed.{' '}
        {item.onWall ? 'Shown on the prayer wall.' : item.allowSharing ? 'Waiting for a moderator before it shows on the wall.' : 'Not shown publicly.'}
        {open && ` Open until ${day(item.expiresAt)}.`}
      </p>
      {item.answer && <p className="rounded-md bg-amber-50 px-3 py-2 text-slate-800">What happened: {item.answer}</p>}
      {mode !== 'none' ? (
        <form onSubmit={submit} className="grid gap-3">
          {mode === 'update' ? (
            <FormField label="Your prayer request" required>
              {({ id }) => (
                <textarea
                  id={id}
                  value={text}
                  onChange={(e) => setText(e.currentTarget.value)}
                  rows={5}
                  maxLength={5000}
                  required
                  className={textareaClasses}
                />
              )}
            </FormField>
          ) : (
            <>
              <FormField label="What happened?" required>
                {({ id }) => (
                  <textarea
                    id={id}
                    value={answer}
                    onChange={(e) => setAnswer(e.currentTarget.value)}
                    rows={4}
                    maxLength={2000}
                    required
                    className={textareaClasses}
                  />
                )}
              </FormField>
              {item.allowSharing && (
                <CheckboxField
                  name="sharePraise"
                  checked={sharePraise}
                  onChange={(e) => setSharePraise(e.currentTarget.checked)}
                  label="Share this as a praise report on the prayer wall"
                  description="A moderator reads it first. Your name shows as you chose before."
                />
              )}
            </>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={act.isPending}>
              {mode === 'update' ? 'Save' : 'Mark answered'}
            </Button>
            <Button variant="outline" onClick={() => setMode('none')}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        !item.takenDown && (
          <div className="flex flex-wrap gap-2">
            {open && (
              <Button size="sm" variant="outline" onClick={() => setMode('update')}>
                Update
              </Button>
            )}
            {item.state !== 'answered' && (
              <Button size="sm" onClick={() => setMode('answer')}>
                Mark answered
              </Button>
            )}
            {item.state !== 'answered' && (
              <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => run({ action: 'renew' }, 'Kept open for another 30 days')}>
                Renew for 30 days
              </Button>
            )}
            {item.allowSharing && (
              <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => run({ action: 'withdraw-sharing' }, 'It is no longer shared')}>
                Stop sharing
              </Button>
            )}
            <Button size="sm" variant="ghost" disabled={act.isPending} onClick={() => run({ action: 'take-down' }, 'Your request is taken down')}>
              Take down
            </Button>
          </div>
        )
      )}
    </article>
  );
}
