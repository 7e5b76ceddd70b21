import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { serverMessage } from '@/lib/api-client';
import { meQueryKey } from '../api/get-me';
import { useLogin } from '../api/login';
import { logout } from '../api/logout';
import { userSignedIn } from '../auth-slice';

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

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const credentials = { username: String(form.get('username')), password: String(form.get('password')) };

    loginMutation.mutate(credentials, {
      onSuccess: async (user) => {
        if (!user.isAdmin) {
          // The server opened a session for this non-admin; close it so no half-signed-in state lingers.
          await logout().catch(() => undefined);
          queryClient.setQueryData(meQueryKey, null);
          toast({ title: 'Access denied: Admin access required', variant: 'destructive' });
          return;
        }
        dispatch(userSignedIn(user));
        queryClient.setQueryData(meQueryKey, user);
        setOpen(false);
        toast({ title: 'Login successful', description: `Welcome back, ${user.username}.`, variant: 'success' });
      },
      onError: (error) => {
        toast({
          title: 'Login failed',
          description: serverMessage(error) ?? 'Invalid credentials',
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-indigo-950/60 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl"
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <div className="mb-5 flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-full bg-indigo-100 text-indigo-900">
              <LockKeyhole className="size-5" aria-hidden />
            </span>
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">Admin Login</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">Sign in with your administrator account.</Dialog.Description>
            </div>
          </div>
          <form onSubmit={handleSubmit} className="grid gap-4">
            <TextField label="Username" name="username" autoComplete="username" required />
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
            <Button type="submit" disabled={loginMutation.isPending} className="mt-2 w-full">
              {loginMutation.isPending ? 'Logging in...' : 'Login'}
            </Button>
          </form>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function returnFocus(event: Event, to: RefObject<HTMLElement | null> | undefined) {
  if (!to?.current?.isConnected) return;
  event.preventDefault();
  to.current.focus();
}
