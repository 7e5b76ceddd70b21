// The member's dashboard once signed in (spec §2, §4): its own module, so a visitor who is signed out (the sign-in
// form) downloads none of it, nor Stripe's, the tabs' or the billing dialogs' code.
import { useQueryClient } from '@tanstack/react-query';
import { Calendar, Check, Copy, Crown, DollarSign, LogOut, Percent, Share2, Users, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@km/contracts/vocabulary';
import { toast } from '@/components/toast/use-toast';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { LoadMoreList } from '@/components/ui/load-more-list';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { serverMessage } from '@/lib/api-client';
import { signOutEverywhere } from '@/lib/sign-out-everywhere';
import { nextPayoutDate, referralLink, shareReferralLink, vipProgress } from '@/lib/referral';
import { useMembershipChange } from '../api/change-membership';
import { useMemberCommissions } from '../api/get-commissions';
import { useMemberOrders } from '../api/get-orders';
import { PROFILE_KEY, type MemberProfile } from '../api/get-profile';
import { useMemberProfitBonuses } from '../api/get-profit-bonuses';
import { useMemberReferrals } from '../api/get-referrals';
import { useMemberStats } from '../api/get-stats';
import { useUpdateProfile } from '../api/update-profile';
import { BillingSection, CancelMembershipDialog, longDate, StatusBanner, UpdateCardDialog } from './billing';
import { PayoutsCard } from './payouts-card';

/** The dunning emails' one tap (ADR 0059): the dashboard opens the update-card dialog, after signing in if need be. */

const money = (amount: string) => `$${amount}`;
// `held`: the referral looked like self-referral and an admin reviews it before it is paid (ADR 0028).
const STATUS_LABEL = { pending: 'Pending', held: 'Under review', paid: 'Paid', reversed: 'Reversed' } as const;
// Spec §4: paid is highlighted, anything else (pending, under review, reversed) secondary.
const statusBadge = (status: keyof typeof STATUS_LABEL) => <Badge variant={status === 'paid' ? 'positive' : 'secondary'}>{STATUS_LABEL[status]}</Badge>;
/** "-1.00" → "-$1.00". */
const signedMoney = (amount: string) => (amount.startsWith('-') ? `-$${amount.slice(1)}` : money(amount));

function StatCard({ label, value, icon, note }: { label: string; value: string; icon: ReactNode; note?: string }) {
  return (
    <section aria-label={label} className="rounded-xl border border-indigo-100 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between text-sm font-medium text-slate-600">
        {label}
        <span className="text-amber-600">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-bold text-indigo-950">{value}</p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </section>
  );
}

export function SignedInDashboard({ profile, openUpdateCard }: { profile: MemberProfile; openUpdateCard: boolean }) {
  const stats = useMemberStats();
  const change = useMembershipChange();
  const [copied, setCopied] = useState(false);
  const [updatingCard, setUpdatingCard] = useState(openUpdateCard);
  const [cancelling, setCancelling] = useState(false);
  const link = referralLink(window.location.origin, profile.referralCode);
  const vip = vipProgress(profile.totalReferrals);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copyCode() {
    try {
      await navigator.clipboard.writeText(profile.referralCode);
      setCopied(true);
      toast({ title: 'Copied!', description: 'Your referral code has been copied to clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy referral code. Please select and copy manually.', variant: 'destructive' });
    }
  }
  async function shareLink() {
    const outcome = await shareReferralLink(link);
    if (outcome === 'copied') toast({ title: 'Link copied!', description: 'Your referral link has been copied to clipboard.', variant: 'success' });
    if (outcome === 'failed') toast({ title: 'Copy failed', description: 'Unable to copy referral link.', variant: 'destructive' });
  }
  async function resumeMembership() {
    try {
      await change.mutateAsync({ action: 'resume' });
      toast({ title: 'Membership resumed', description: 'Your membership continues.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Membership not changed', description: serverMessage(e) ?? 'Please try again.', variant: 'destructive' });
    }
  }

  const s = stats.data;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-bold text-indigo-950">Welcome back, {profile.firstName}!</h1>
          <p className="mt-1 text-slate-600">Member since {longDate(profile.memberSince)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {profile.subscriptionStatus === 'active' ? (
            <Badge variant="positive">Active Member</Badge>
          ) : (
            <Badge variant="alert" className="bg-red-600 text-white">
              {profile.subscriptionStatus}
            </Badge>
          )}
          <SignOutEverywhereButton />
        </div>
      </div>

      <StatusBanner profile={profile} onUpdateCard={() => setUpdatingCard(true)} />
      <UpdateCardDialog open={updatingCard} onOpenChange={setUpdatingCard} />

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Referrals" value={String(s?.totalReferrals ?? profile.totalReferrals)} icon={<Users className="size-4" aria-hidden />} />
        <StatCard
          label="Total Commissions"
          value={money(s?.totalCommissions ?? profile.totalCommissions)}
          icon={<DollarSign className="size-4" aria-hidden />}
        />
        <StatCard label="Pending Earnings" value={s ? money(s.pendingCommissions) : '…'} icon={<Wallet className="size-4" aria-hidden />} />
        <StatCard
          label="Member Savings"
          value={s ? money((Number(s.memberSavings) + Number(s.membershipCredit)).toFixed(2)) : '…'}
          // A past-due member gets no member discount until the renewal is paid (ADR 0059).
          note={
            profile.subscriptionStatus === 'past_due'
              ? 'Discount paused until your payment goes through'
              : s && Number(s.membershipCredit) > 0
                ? `${money(s.memberSavings)} off store purchases and ${money(s.membershipCredit)} of earnings off your membership`
                : `${s?.membershipDiscount ?? 5}% off every store purchase`
          }
          icon={<Percent className="size-4" aria-hidden />}
        />
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="code-heading" className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
          <h2 id="code-heading" className="font-semibold text-indigo-950">
            Your Referral Code
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <span data-testid="referral-code" className="rounded-md bg-amber-50 px-3 py-2 font-mono text-2xl font-bold tracking-widest text-indigo-950">
              {profile.referralCode}
            </span>
            <Button variant="outline" onClick={copyCode}>
              {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
              {copied ? 'Copied!' : 'Copy'}
            </Button>
            <Button variant="outline" onClick={shareLink}>
              <Share2 className="size-4" aria-hidden /> Share Link
            </Button>
          </div>
          <p className="mt-2 text-sm break-all text-slate-500">{link}</p>
        </section>
        <section aria-labelledby="vip-heading" className="rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
          <h2 id="vip-heading" className="flex items-center gap-2 font-semibold text-indigo-950">
            <Crown className="size-4 text-amber-600" aria-hidden /> Progress to VIP
          </h2>
          <ProgressBar className="mt-3" value={vip.percent} label={`${profile.totalReferrals} of 10 referrals`} />
          <p className="mt-2 text-sm text-slate-600">{vip.text}</p>
        </section>
      </div>

      <PayoutsCard />
      <BillingSection onUpdateCard={() => setUpdatingCard(true)} />

      <Tabs defaultValue="referrals" className="mt-8">
        <TabsList>
          <TabsTrigger value="referrals">My Referrals</TabsTrigger>
          <TabsTrigger value="commissions">Commissions</TabsTrigger>
          <TabsTrigger value="bonuses">Profit Bonuses</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="profile">Profile</TabsTrigger>
        </TabsList>
        <TabsContent value="referrals">
          <ReferralsList />
        </TabsContent>
        <TabsContent value="commissions">
          <div className="mb-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
            <h3 className="flex items-center gap-2 font-semibold text-indigo-950">
              <Calendar className="size-4" aria-hidden /> Next Payout
            </h3>
            <p className="mt-1 text-slate-700">
              {longDate(nextPayoutDate(new Date()))}: {s ? money(s.pendingCommissions) : '…'} pending
            </p>
            {s && Number(s.carriedBalance) > 0 ? (
              <p className="mt-1 text-sm text-slate-700">-${s.carriedBalance} from refunds is carried forward to later payouts.</p>
            ) : null}
          </div>
          <CommissionsList />
        </TabsContent>
        <TabsContent value="bonuses">
          <p className="mb-4 text-sm text-slate-600">
            Profit bonuses are shared every 6 months, based on company performance: 2% of the half-year’s paid store sales net of refunds, split among members
            of the whole half-year by the members they referred in it, paid on January 15 and July 15.
          </p>
          <BonusesList />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersList />
        </TabsContent>
        <TabsContent value="profile">
          <ProfileForm profile={profile} />
          <section className="mt-6 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
            <h3 className="font-semibold text-indigo-950">Membership</h3>
            {profile.cancelAtPeriodEnd ? (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  Your membership is cancelled and ends {profile.currentPeriodEnd ? `on ${longDate(profile.currentPeriodEnd)}` : 'at the end of this period'}.
                </p>
                <Button className="mt-3" onClick={resumeMembership} disabled={change.isPending}>
                  Resume Membership
                </Button>
              </>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">$5.00 per month. Cancel anytime: your membership stays active until the end of the paid month.</p>
                <Button variant="outline" className="mt-3" onClick={() => setCancelling(true)}>
                  Cancel Membership
                </Button>
                <CancelMembershipDialog open={cancelling} onOpenChange={setCancelling} profile={profile} />
              </>
            )}
          </section>
        </TabsContent>
      </Tabs>
      <p className="mt-8 text-center text-sm text-slate-500">
        <Link to="/marketshare" className={buttonClasses('ghost', 'sm')}>
          About Marketshare
        </Link>
      </p>
    </div>
  );
}

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState({ firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await update.mutateAsync(values);
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.', variant: 'success' });
    } catch {
      toast({ title: 'Update failed', description: 'There was an error updating your profile.', variant: 'destructive' });
    }
  }
  return (
    <form onSubmit={submit} aria-label="Profile" noValidate className="grid max-w-xl gap-4 rounded-xl border border-indigo-100 bg-white p-5 shadow-sm">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" value={values.firstName} onChange={(e) => setValues((v) => ({ ...v, firstName: e.target.value }))} />
        <TextField label="Last Name" value={values.lastName} onChange={(e) => setValues((v) => ({ ...v, lastName: e.target.value }))} />
      </div>
      <TextField label="Phone" type="tel" value={values.phone} onChange={(e) => setValues((v) => ({ ...v, phone: e.target.value }))} />
      <div>
        <TextField label="Email" value={profile.email} readOnly disabled />
        <p className="mt-1 text-sm text-slate-500">Contact support to change your email address.</p>
      </div>
      <Button type="submit" disabled={update.isPending}>
        Save Profile
      </Button>
    </form>
  );
}

/** ADR 0029: ends every session of this member (this browser's too); the dashboard then offers the sign-in link. */
function SignOutEverywhereButton() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function click() {
    setBusy(true);
    try {
      await signOutEverywhere();
      client.setQueryData(PROFILE_KEY, { kind: 'signed-out' });
      toast({ title: 'Signed out everywhere', description: 'Every session of your account has ended.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Sign out everywhere failed', description: serverMessage(e) ?? 'Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void click()} disabled={busy}>
      <LogOut className="size-4" aria-hidden /> Sign out everywhere
    </Button>
  );
}

/** Fetched when its tab opens (an inactive tab is unmounted): the dashboard's first render reads only what it shows. */
function ReferralsList() {
  const referrals = useMemberReferrals();
  return (
    <LoadMoreList
      query={referrals}
      noun="referrals"
      empty="No referrals yet. Share your link to start earning $1 for every member who joins."
      rowKey={(r) => r.id}
      renderRow={(r) => (
        <>
          <span>
            <span className="block font-semibold text-indigo-950">
              {r.referredMember.firstName} {r.referredMember.lastName}
            </span>
            <span className="text-sm text-slate-600">
              {r.referredMember.email} · joined {longDate(r.referredMember.memberSince)}
            </span>
          </span>
          <span className="flex items-center gap-2">
            {money(r.commissionAmount)} {statusBadge(r.commissionStatus)}
          </span>
        </>
      )}
    />
  );
}

/** Fetched when its tab opens (an inactive tab is unmounted): the dashboard's first render reads only what it shows. */
function CommissionsList() {
  const commissions = useMemberCommissions();
  return (
    <LoadMoreList
      query={commissions}
      noun="commissions"
      empty="No commissions yet."
      rowKey={(c) => c.id}
      renderRow={(c) => (
        <>
          <span>
            <span className="block font-semibold text-indigo-950">{money(c.amount)}</span>
            <span className="text-sm text-slate-600">
              Payout month {c.payoutMonth}
              {c.payoutDate ? ` · ${longDate(`${c.payoutDate}T12:00:00`)}` : ''}
              {c.status === 'reversed' ? ' · payment refunded or disputed, not paid' : ''}
              {c.paidAs === 'membership_credit' ? ' · applied to your membership' : ''}
            </span>
            {c.clawback ? (
              <span className="block text-sm text-slate-600">
                Refunded or disputed on {longDate(c.clawback.at)}: {signedMoney(c.clawback.amount)} from your next payout
              </span>
            ) : null}
          </span>
          {statusBadge(c.status)}
        </>
      )}
    />
  );
}

/** Fetched when its tab opens (an inactive tab is unmounted): the dashboard's first render reads only what it shows. */
function BonusesList() {
  const bonuses = useMemberProfitBonuses();
  return (
    <LoadMoreList
      query={bonuses}
      noun="profit bonuses"
      empty="No profit bonuses yet."
      rowKey={(b) => b.id}
      renderRow={(b) => (
        <>
          <span>
            <span className="block font-semibold text-indigo-950">{money(b.amount)}</span>
            <span className="text-sm text-slate-600">
              {b.bonusPeriod}
              {b.payoutDate ? ` · ${longDate(`${b.payoutDate}T12:00:00`)}` : ''}
            </span>
          </span>
          {statusBadge(b.status)}
        </>
      )}
    />
  );
}

/** Fetched when its tab opens (an inactive tab is unmounted): the dashboard's first render reads only what it shows. */
function OrdersList() {
  const orders = useMemberOrders();
  return (
    <LoadMoreList
      query={orders}
      noun="orders"
      empty="No orders yet. Orders you place while signed in as a member show here."
      rowKey={(o) => o.orderNumber}
      renderRow={(o) => (
        <>
          <span>
            <Link to={`/orders/${encodeURIComponent(o.orderNumber)}`} className="block font-mono font-semibold text-indigo-900 underline">
              <span className="sr-only">Order </span>
              {o.orderNumber}
            </Link>
            <span className="text-sm text-slate-600">
              {longDate(o.createdAt)} · {o.itemCount} item{o.itemCount === 1 ? '' : 's'}
            </span>
          </span>
          <span className="flex items-center gap-2">
            {money(o.total)} <Badge variant={o.status === 'paid' ? 'positive' : 'secondary'}>{ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status}</Badge>
          </span>
        </>
      )}
    />
  );
}
