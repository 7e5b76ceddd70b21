import { newPasswordLengthProblem } from '@km/contracts/vocabulary';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { useAcceptStaffInvitation } from '../api/accept-invitation';

/**
 * /staff-invitation#token=…: the link of a staff invitation (ADR 0052). The token is in the fragment (never in a server
 * log or a Referer) and is used by a POST with the new password, so a mail scanner that opens the link uses nothing.
 */
export function StaffInvitationPage() {
  const accept = useAcceptStaffInvitation();
  const [token] = useState(() => {
    const found = /^#token=(.+)$/.exec(window.location.hash)?.[1];
    return found ? decodeURIComponent(found) : undefined;
  });
  // Out of the address bar and the history once read.
  useEffect(() => {
    if (token) window.history.replaceState(null, '', window.location.pathname);
  }, [token]);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    // The same rule and message as the API; the API adds the common-password check and answers its message.
    const local = newPasswordLengthProblem(password) ?? (password === data.get('confirm') ? null : 'The two passwords are not the same.');
    setProblem(local);
    if (local || !token) return;
    accept.mutate({ token, password }, { onError: (error) => setProblem(serverMessage(error) ?? 'Your password could not be set. Please try again.') });
  }

  return (
    <div className="mx-auto min-h-[60svh] max-w-md px-4 py-14">
      <h1 className="font-serif text-3xl font-bold text-indigo-950">Join the team</h1>
      {accept.isSuccess ? (
        <div className="mt-6 grid gap-6">
          <p role="status" className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span className="min-w-0">
              Your password is set. Sign in as <strong className="break-all">{accept.data.username}</strong> on the admin page.
            </span>
          </p>
          <Link to="/admin" className={`${buttonClasses('primary', 'lg')} justify-self-start`}>
            Go to sign in
          </Link>
        </div>
      ) : !token ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          This invitation link is incomplete. Open the link from the email again.
        </p>
      ) : (
        <form onSubmit={submit} aria-label="Set your password" className="mt-6 grid gap-4" noValidate>
          <p className="text-slate-700">Choose the password you will sign in with. It must be at least 12 characters long.</p>
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'invitation-problem' : undefined}
          />
          <TextField label="Repeat the password" name="confirm" type="password" autoComplete="new-password" required />
          {problem && (
            <p id="invitation-problem" role="alert" className="text-sm text-red-800">
              {problem}
            </p>
          )}
          <Button type="submit" size="lg" disabled={accept.isPending} className="justify-self-start">
            {accept.isPending ? 'Setting your password...' : 'Set my password'}
          </Button>
        </form>
      )}
    </div>
  );
}
