import { LoaderCircle, Mail } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { useDeferredModule } from '@/lib/use-deferred-module';
import { useMemberProfile } from '../api/get-profile';
import { useRedeemSignInCode } from '../api/redeem-sign-in-code';
import { useRedeemSignInLink } from '../api/redeem-sign-in-link';
import { useRequestSignInLink } from '../api/request-sign-in-link';

/** The dunning emails' one tap (ADR 0059): the dashboard opens the update-card dialog, after signing in if need be. */
const UPDATE_CARD_HASH = '#update-card';
const UPDATE_CARD_KEY = 'km-member-update-card';

const loadSignedIn = () => import('./member-dashboard-signed-in');

/** Spec §2 Member dashboard and §4: loading, signed out (a sign-in link by email), or the member's dashboard. */
export function MemberDashboard() {
  const redeem = useRedeemSignInLink();
  const [linkError, setLinkError] = useState<string | null>(null);
  const redeemed = useRef(false);
  // The mailed link lands here with #signin=<token>; signing in is a POST, so fetching the link uses nothing up.
  const token = /^#signin=(.+)$/.exec(window.location.hash)?.[1];
  useEffect(() => {
    if (!token || redeemed.current) return;
    redeemed.current = true;
    window.history.replaceState(null, '', window.location.pathname);
    redeem.mutate(decodeURIComponent(token), { onError: (e) => setLinkError(serverMessage(e) ?? 'This sign-in link did not work. Request a new one.') });
  }, [token, redeem]);

  // Kept for this tab until the dashboard shows, so signing in first (a link by email) still ends at the card form.
  const [updateCard] = useState(() => {
    if (window.location.hash === UPDATE_CARD_HASH) {
      window.sessionStorage.setItem(UPDATE_CARD_KEY, '1');
      window.history.replaceState(null, '', window.location.pathname);
    }
    return window.sessionStorage.getItem(UPDATE_CARD_KEY) === '1';
  });

  const profile = useMemberProfile();
  const member = profile.data?.kind === 'member';
  const signedIn = useDeferredModule(loadSignedIn, member, { early: false });
  // The card form opens once, with the dashboard.
  useEffect(() => {
    if (member) window.sessionStorage.removeItem(UPDATE_CARD_KEY);
  }, [member]);
  if (redeem.isPending || profile.isPending) return <Loading />;
  if (profile.isError) return <Centered>We could not load your dashboard. Please try again in a moment.</Centered>;
  if (profile.data.kind !== 'member') return <SignIn notMember={profile.data.kind === 'not-member'} error={linkError} updateCard={updateCard} />;
  if (!signedIn) return <Loading />;
  return <signedIn.SignedInDashboard profile={profile.data.profile} openUpdateCard={updateCard} />;
}

function Loading() {
  return (
    // As tall as the screen: the footer stays below it until the dashboard (taller) replaces this, so nothing in
    // view moves (a 0.42 layout shift on a phone when the footer was in view).
    <div role="status" className="flex min-h-svh items-center justify-center gap-3 text-slate-700">
      <LoaderCircle className="size-6 animate-spin text-indigo-700" aria-hidden /> Loading your dashboard...
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-lg px-4 py-16 text-center text-slate-700">{children}</div>;
}

function SignIn({ notMember, error, updateCard }: { notMember: boolean; error: string | null; updateCard: boolean }) {
  const [email, setEmail] = useState('');
  const request = useRequestSignInLink();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await request.mutateAsync(email.trim());
    } catch (e) {
      toast({ title: 'Sign-in link not sent', description: serverMessage(e) ?? 'Please try again.', variant: 'destructive' });
    }
  }
  return (
    <div className="mx-auto max-w-md px-4 py-14">
      <h1 className="font-serif text-3xl font-bold text-indigo-950">Member Dashboard</h1>
      {error && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      )}
      {notMember && <p className="mt-4 text-slate-700">You are signed in, but not as a Marketshare member. Sign in with the email you joined with.</p>}
      {updateCard && (
        <p role="status" className="mt-4 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950">
          Sign in to update your card: we email you a sign-in link, no password needed. The card form opens as soon as you are in.
        </p>
      )}
      {request.isSuccess ? (
        <>
          <p role="status" className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            If {email.trim()} belongs to a member, a sign-in link is on its way. It works once, for 15 minutes.
          </p>
          <CodeSignIn email={email.trim()} />
        </>
      ) : (
        <form onSubmit={submit} aria-label="Member sign-in" className="mt-6 grid gap-4">
          <p className="text-slate-700">Members sign in with a link sent by email: no password needed.</p>
          <TextField label="Email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          <Button type="submit" disabled={request.isPending}>
            <Mail className="size-4" aria-hidden /> Email me a sign-in link
          </Button>
          <p className="text-sm text-slate-600">
            Not a member yet?{' '}
            <Link to="/marketshare" className="font-semibold text-indigo-800 underline">
              Join Marketshare
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}

/** The code from the sign-in email, for when the link opens in another browser (a phone's mail app, say). */
function CodeSignIn({ email }: { email: string }) {
  const [code, setCode] = useState('');
  const redeem = useRedeemSignInCode();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await redeem.mutateAsync({ email, code: code.trim() });
    } catch (e) {
      toast({ title: 'Sign-in failed', description: serverMessage(e) ?? 'Please check the code and try again.', variant: 'destructive' });
    }
  }
  return (
    <form onSubmit={submit} aria-label="Sign in with a code" className="mt-6 grid gap-4">
      <p className="text-slate-700">Reading the email on another device? Enter the six-digit code from it here.</p>
      <TextField
        label="Six-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" disabled={redeem.isPending}>
        Sign in with code
      </Button>
    </form>
  );
}
