import { newPasswordLengthProblem } from '@km/contracts/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { RecoveryCodes, TotpSecret } from '@/components/recovery-codes';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { signOutEverywhere } from '@/lib/sign-out-everywhere';
import { changePassword, confirmTotp, disableTotp, setupTotp, TOTP_STATUS_PATH, useTotpStatus, type TotpEnrolment } from '../api/account-security';

const fieldsOf = (event: FormEvent<HTMLFormElement>) => {
  const form = new FormData(event.currentTarget);
  return (name: string) => String(form.get(name) ?? '');
};

/**
 * The admin's own account (ADR 0029): two-factor authentication, password change, sign out everywhere.
 * `onSignedOut` runs after every session ended (the app clears the signed-in user; features do not import auth).
 */
export function AccountSecurity({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TwoFactor />
      <div className="grid content-start gap-6">
        <PasswordChange />
        <SignOutEverywhere onSignedOut={onSignedOut} />
      </div>
    </div>
  );
}

function Card({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid content-start gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-indigo-950">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function TwoFactor() {
  const status = useTotpStatus();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [TOTP_STATUS_PATH] });

  async function run(action: () => Promise<void>, failure: string) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast({ title: failure, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  const start = () => run(async () => setEnrolment(await setupTotp()), 'Two-factor set-up failed');
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = fieldsOf(event)('code').trim();
    return run(async () => {
      setCodes((await confirmTotp(code)).recoveryCodes);
      setEnrolment(null);
      await refresh();
    }, 'Two-factor set-up failed');
  };
  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = fieldsOf(event);
    return run(async () => {
      await disableTotp({ currentPassword: field('currentPassword'), code: field('code').trim() });
      setCodes(null);
      await refresh();
      toast({ title: 'Two-factor authentication is off', variant: 'success' });
    }, 'Could not turn two-factor authentication off');
  };

  return (
    <Card id="two-factor-heading" title="Two-factor authentication" icon={<ShieldCheck className="size-5 text-amber-600" aria-hidden />}>
      {status.isPending && <p className="text-sm text-slate-600">Checking…</p>}
      {status.isError && <p className="text-sm text-red-800">The two-factor status could not be loaded.</p>}
      {codes && <RecoveryCodes codes={codes} />}
      {status.data && !status.data.enabled && !enrolment && (
        <>
          <p className="text-sm text-slate-700">Sign-ins to this account ask for a code from an authenticator app on your phone, besides the password.</p>
          <Button onClick={() => void start()} disabled={busy} className="justify-self-start">
            Set up two-factor authentication
          </Button>
        </>
      )}
      {enrolment && (
        <form onSubmit={(e) => void confirm(e)} aria-label="Confirm two-factor set-up" className="grid gap-4">
          <TotpSecret qrCodeDataUrl={enrolment.qrCodeDataUrl} secret={enrolment.secret} />
          <TextField label="6-digit code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" required maxLength={64} />
          <Button type="submit" disabled={busy} className="justify-self-start">
            Turn on
          </Button>
        </form>
      )}
      {status.data?.enabled && (
        <>
          <p role="status" className="text-sm text-emerald-900">
            On. {status.data.recoveryCodesLeft} recovery code{status.data.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          <form onSubmit={(e) => void disable(e)} aria-label="Turn two-factor authentication off" className="grid gap-3">
            <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
            <TextField label="Code from the app or a recovery code" name="code" autoComplete="one-time-code" required maxLength={64} />
            <Button type="submit" variant="outline" disabled={busy} className="justify-self-start">
              Turn off
            </Button>
          </form>
        </>
      )}
    </Card>
  );
}

function PasswordChange() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = fieldsOf(event);
    // The same rule and message as the API; the API adds the common-password check and answers its message.
    const local = newPasswordLengthProblem(field('newPassword'));
    setProblem(local ?? null);
    if (local) return;
    setBusy(true);
    try {
      const { revokedSessions } = await changePassword({ currentPassword: field('currentPassword'), newPassword: field('newPassword') });
      form.reset();
      toast({
        title: 'Password changed',
        description: revokedSessions ? `Signed out ${revokedSessions} other session${revokedSessions === 1 ? '' : 's'}.` : undefined,
        variant: 'success',
      });
    } catch (error) {
      setProblem(serverMessage(error) ?? 'The password could not be changed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card id="password-heading" title="Change password" icon={<KeyRound className="size-5 text-amber-600" aria-hidden />}>
      <form onSubmit={(e) => void submit(e)} aria-label="Change password" className="grid gap-3" noValidate>
        <TextField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required />
        <TextField
          label="New password (at least 12 characters)"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'password-problem' : undefined}
        />
        {problem && (
          <p id="password-problem" role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <p className="text-xs text-slate-600">Your other sessions are signed out; this one stays.</p>
        <Button type="submit" disabled={busy} className="justify-self-start">
          Change password
        </Button>
      </form>
    </Card>
  );
}

function SignOutEverywhere({ onSignedOut }: { onSignedOut: () => void }) {
  const [busy, setBusy] = useState(false);
  async function click() {
    setBusy(true);
    try {
      await signOutEverywhere();
      onSignedOut();
    } catch (error) {
      toast({ title: 'Sign out everywhere failed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <Card id="sessions-heading" title="Sessions" icon={<LogOut className="size-5 text-amber-600" aria-hidden />}>
      <p className="text-sm text-slate-700">Signs this account out on every device and browser, this one included.</p>
      <Button variant="outline" onClick={() => void click()} disabled={busy} className="justify-self-start">
        Sign out everywhere
      </Button>
    </Card>
  );
}
