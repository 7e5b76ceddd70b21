import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { RecoveryCodes, TotpSecret } from '@/components/recovery-codes';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { meQueryKey } from '../api/get-me';
import { completeLogin, setupPendingTotp, useLogin, type TotpEnrolment } from '../api/login';
import { logout } from '../api/logout';
import { userSignedIn, type AuthUser } from '../auth-slice';

/** Where the sign-in stands: the password; an admin's second factor (after enrolling, when it had none); the new recovery codes. */
type Stage = { step: 'password' } | { step: 'code'; enrolment?: TotpEnrolment } | { step: 'recovery-codes'; user: AuthUser; codes: string[] };

interface AdminLoginDialogProps {
  /** The element that opens the dialog; omit it to control the dialog with open/onOpenChange. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes back when the dialog closes, when it has no trigger (Radix returns it to the trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

export function AdminLoginDialog({ trigger, open: controlledOpen, onOpenChange, returnFocusTo }: AdminLoginDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = onOpenChange ?? setUncontrolledOpen;

  const dispatch = useAppDispatch();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const [stage, setStage] = useState<Stage>({ step: 'password' });
  const [codePending, setCodePending] = useState(false);

  function changeOpen(next: boolean) {
    // Closing on the recovery codes still finishes the sign-in (the session exists); otherwise start over next time.
    if (!next && stage.step === 'recovery-codes') signedIn(stage.user);
    else if (!next) setStage({ step: 'password' });
    setOpen(next);
  }

  function signedIn(user: AuthUser) {
    dispatch(userSignedIn(user));
    queryClient.setQueryData(meQueryKey, user);
    setOpen(false);
    setStage({ step: 'password' });
    toast({ title: 'Login successful', description: `Welcome back, ${user.username}.`, variant: 'success' });
  }

  function loginFailed(error: unknown) {
    toast({ title: 'Login failed', description: serverMessage(error) ?? 'Invalid credentials', variant: 'destructive' });
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    setCodePending(true);
    try {
      const done = await completeLogin(code);
      if (done.recoveryCodes) setStage({ step: 'recovery-codes', user: done.user, codes: done.recoveryCodes });
      else signedIn(done.user);
    } catch (error) {
      loginFailed(error);
    } finally {
      setCodePending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { username: String(form.get('username')), password: String(form.get('password')) };

    loginMutation.mutate(credentials, {
      onSuccess: async (result) => {
        if (result.kind === 'second-factor') {
          try {
            setStage({ step: 'code', ...(result.enrol ? { enrolment: await setupPendingTotp() } : {}) });
          } catch (error) {
            loginFailed(error);
          }
          return;
        }
        const user = result.user;
        // Staff short of admin sign in here too (ADR 0043, 0052): /admin then shows them their area alone.
        if (!user.isAdmin && !user.isPrayerTeam) {
          // The server opened a session for this non-staff user; close it so no half-signed-in state lingers.
          await logout().catch(() => undefined);
          queryClient.setQueryData(meQueryKey, null);
          toast({ title: 'Access denied: Admin access required', variant: 'destructive' });
          return;
        }
        signedIn(user);
      },
      onError: loginFailed,
    });
  }

  return (
    <DialogFrame open={open} onOpenChange={changeOpen} trigger={trigger} returnFocusTo={returnFocusTo} className="max-w-md">
      <DialogHeading
        icon={<LockKeyhole className="size-5" aria-hidden />}
        iconClassName="bg-indigo-100 text-indigo-900"
        title="Admin Login"
        description={DESCRIPTION[stage.step]}
      />
      {stage.step === 'password' && (
        <form onSubmit={handleSubmit} className="grid gap-4">
          <TextField label="Username" name="username" autoComplete="username" required />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <Button type="submit" disabled={loginMutation.isPending} className="mt-2 w-full">
            {loginMutation.isPending ? 'Logging in...' : 'Login'}
          </Button>
        </form>
      )}
      {stage.step === 'code' && (
        <form onSubmit={(e) => void handleCode(e)} className="grid max-h-[70svh] gap-4 overflow-y-auto" aria-label="Second factor">
          {stage.enrolment && <TotpSecret qrCodeDataUrl={stage.enrolment.qrCodeDataUrl} secret={stage.enrolment.secret} />}
          <TextField
            label={stage.enrolment ? '6-digit code from the app' : 'Authentication code'}
            name="code"
            autoComplete="one-time-code"
            inputMode={stage.enrolment ? 'numeric' : 'text'}
            required
            maxLength={64}
            autoFocus
          />
          {!stage.enrolment && <p className="text-sm text-slate-600">The 6-digit code from your authenticator app, or one of your recovery codes.</p>}
          <Button type="submit" disabled={codePending} className="w-full">
            {codePending ? 'Checking...' : stage.enrolment ? 'Turn on and sign in' : 'Verify'}
          </Button>
        </form>
      )}
      {stage.step === 'recovery-codes' && (
        <div className="grid gap-4">
          <RecoveryCodes codes={stage.codes} />
          <Button className="w-full" onClick={() => signedIn(stage.user)}>
            I saved my codes, continue
          </Button>
        </div>
      )}
    </DialogFrame>
  );
}

const DESCRIPTION: Record<Stage['step'], string> = {
  password: 'Sign in with your administrator account.',
  code: 'Two-factor authentication: confirm it is you.',
  'recovery-codes': 'Two-factor authentication is on.',
};
