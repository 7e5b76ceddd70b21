import type { StaffAccount, StaffAccountRole } from '@km/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { MailPlus, Send, TriangleAlert, UserMinus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { inputClasses, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useChangeStaffRole, useInviteStaff, useRemoveStaff, useResendInvitation, useStaff } from '../api/staff';

const ROLE_LABELS: Record<StaffAccountRole, string> = { admin: 'Admin', prayer_team: 'Prayer team' };
const STATUS_LABELS: Record<StaffAccount['status'], string> = { active: 'Active', invited: 'Invited', disabled: 'Removed' };

/**
 * The "Team" area of /admin (ADR 0052), for full admins: the staff with their roles, an invitation by email, role
 * changes and removal. An admin's own account shows no controls: another admin changes it.
 */
export function AdminTeam({ currentUserId }: { currentUserId: string }) {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <InviteForm />
      <StaffList currentUserId={currentUserId} />
    </div>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const roleId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const invitation = {
      email: String(data.get('email') ?? '').trim(),
      username: String(data.get('username') ?? '').trim(),
      role: String(data.get('role')) as StaffAccountRole,
    };
    setProblem(null);
    invite.mutate(invitation, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Invitation sent', description: `${invitation.email} can set a password from the email within 72 hours.`, variant: 'success' });
      },
      onError: (error) => setProblem(serverMessage(error) ?? 'The invitation could not be sent. Please try again.'),
    });
  }

  return (
    <section aria-labelledby="invite-heading" className="grid content-start gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-bold text-indigo-950">
        <MailPlus className="size-5 text-amber-600" aria-hidden />
        Invite a team member
      </h2>
      <p className="text-sm text-slate-700">They get an email with a link to set their password; the account works once they do.</p>
      <form onSubmit={submit} aria-label="Invite a team member" className="grid gap-3">
        <TextField label="Email" name="email" type="email" autoComplete="off" required maxLength={254} />
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          required
          minLength={3}
          maxLength={64}
          pattern="[A-Za-z0-9_.\-]+"
          title="Letters, digits, dot, dash and underscore"
        />
        <div className="grid gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-slate-800">
            Role
          </label>
          <select id={roleId} name="role" defaultValue="prayer_team" className={inputClasses}>
            <option value="prayer_team">Prayer team (the Prayer area only)</option>
            <option value="admin">Admin (everything)</option>
          </select>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={invite.isPending} className="justify-self-start">
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
    </section>
  );
}

function StaffList({ currentUserId }: { currentUserId: string }) {
  const staff = useStaff();
  const [removing, setRemoving] = useState<StaffAccount | null>(null);

  return (
    <section aria-labelledby="staff-heading" className="grid content-start gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <h2 id="staff-heading" className="flex items-center gap-2 text-lg font-bold text-indigo-950">
        <Users className="size-5 text-amber-600" aria-hidden />
        Staff
      </h2>
      {staff.isPending ? (
        <Spinner label="Loading the staff" className="py-8" />
      ) : staff.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(staff.error) ?? 'The staff could not be loaded.'}
        </p>
      ) : (
        <ul aria-label="Staff accounts" className="divide-y divide-slate-200">
          {staff.data.items.map((account) => (
            <StaffRow key={account.id} account={account} isSelf={account.id === currentUserId} onRemove={() => setRemoving(account)} />
          ))}
        </ul>
      )}
      <RemoveDialog account={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

function StaffRow({ account, isSelf, onRemove }: { account: StaffAccount; isSelf: boolean; onRemove: () => void }) {
  const changeRole = useChangeStaffRole();
  const resend = useResendInvitation();
  const roleId = useId();
  const removed = account.status === 'disabled';

  function change(role: StaffAccountRole) {
    changeRole.mutate(
      { id: account.id, role },
      {
        onSuccess: () => toast({ title: 'Role changed', description: `${account.username} is now ${ROLE_LABELS[role].toLowerCase()}.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Role not changed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      },
    );
  }

  function sendAgain() {
    resend.mutate(account.id, {
      onSuccess: () =>
        toast({
          title: 'Invitation sent again',
          description: `${account.email} can set a password from the new email within 72 hours; the earlier link no longer works.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Invitation not sent', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-all text-slate-900">{account.username}</span>
          {isSelf && <Badge variant="secondary">You</Badge>}
          <Badge variant={removed ? 'alert' : account.status === 'invited' ? 'plain' : 'positive'}>{STATUS_LABELS[account.status]}</Badge>
        </p>
        <p className="text-sm break-all text-slate-600">{account.email ?? 'No email'}</p>
      </div>
      {isSelf || removed ? (
        <p className="text-sm text-slate-700">{ROLE_LABELS[account.role]}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={roleId} className="text-xs font-medium text-slate-700">
              Role of {account.username}
            </label>
            <select
              id={roleId}
              value={account.role}
              disabled={changeRole.isPending}
              onChange={(e) => change(e.currentTarget.value as StaffAccountRole)}
              className={`${inputClasses} w-auto`}
            >
              <option value="prayer_team">{ROLE_LABELS.prayer_team}</option>
              <option value="admin">{ROLE_LABELS.admin}</option>
            </select>
          </div>
          {account.status === 'invited' && (
            <Button variant="outline" onClick={sendAgain} disabled={resend.isPending} aria-label={`Resend invitation to ${account.username}`}>
              <Send className="size-4" aria-hidden />
              {resend.isPending ? 'Sending...' : 'Resend invitation'}
            </Button>
          )}
          <Button variant="outline" onClick={onRemove} aria-label={`Remove ${account.username}`}>
            <UserMinus className="size-4" aria-hidden />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/** The confirm step before an account is removed: it signs out everywhere at once and cannot sign in again. */
function RemoveDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const remove = useRemoveStaff();
  function confirm() {
    if (!account) return;
    remove.mutate(account.id, {
      onSuccess: () => toast({ title: 'Account removed', description: `${account.username} is signed out and can no longer sign in.`, variant: 'success' }),
      onError: (error) => toast({ title: 'Account not removed', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' }),
      onSettled: onClose,
    });
  }
  return (
    <DialogFrame open={account !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()} role="alertdialog" className="max-w-md">
      <DialogHeading
        icon={<TriangleAlert className="size-5" aria-hidden />}
        iconClassName="bg-red-100 text-red-700"
        title={`Remove ${account?.username ?? ''}?`}
        description="Their sessions end at once and the account can no longer sign in. What they did stays under their name."
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Removing...' : 'Remove account'}
        </Button>
      </div>
    </DialogFrame>
  );
}
