import type { PayoutMethod } from '@km/contracts';
import { NotFoundError, SERVICE_CONFIG } from '@km/nest-kit';
import { STRIPE, stripeFailure } from '@km/nest-kit/stripe';
import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';

export type PayoutAccountStatus = 'none' | 'onboarding' | 'active' | 'restricted';
export interface PayoutAccountState {
  status: PayoutAccountStatus;
  /** Where the member's earnings go (ADR 0062). */
  method: PayoutMethod;
  /** What Stripe still needs from the member (requirements.currently_due), empty once active. */
  currentlyDue: string[];
}

/** What Stripe says of an account, as membership keeps it: active only when transfers reach it (ADR 0048). */
export function accountState(account: Stripe.Account): { status: Exclude<PayoutAccountStatus, 'none'>; currentlyDue: string[] } {
  const active = account.payouts_enabled && account.capabilities?.transfers === 'active';
  return {
    status: active ? 'active' : account.details_submitted ? 'restricted' : 'onboarding',
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

/**
 * A member's Stripe Connect express account (ADR 0048): made once per member (under the member's row lock, with an
 * Idempotency-Key of the member id), onboarded through an account link that returns to the dashboard, and kept in
 * step with Stripe by `account.updated` (an event is only a wake-up: the account is read back from Stripe).
 */
@Injectable()
export class PayoutAccounts {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
  ) {}

  /** The member's payout state; a member that does not exist is not found. */
  async state(memberId: string): Promise<PayoutAccountState> {
    const [row] = (await this.dataSource.query(
      `SELECT m.earnings_destination, a.status, a.currently_due FROM members m LEFT JOIN payout_accounts a ON a.member_id = m.id WHERE m.id = $1`,
      [memberId],
    )) as { earnings_destination: PayoutMethod; status: PayoutAccountStatus | null; currently_due: string[] | null }[];
    if (!row) throw new NotFoundError('member', memberId);
    return { status: row.status ?? 'none', method: row.earnings_destination, currentlyDue: row.currently_due ?? [] };
  }

  /**
   * Where the member's earnings go from now on (ADR 0062). Payouts not yet asked of Stripe follow it; one whose
   * request is under way keeps the method that request was sent with (PayoutTransfers), so nothing is paid twice.
   */
  async setMethod(memberId: string, method: PayoutMethod): Promise<PayoutAccountState> {
    const updated = (await this.dataSource.query(`UPDATE members SET earnings_destination = $2 WHERE id = $1 RETURNING id`, [memberId, method])) as unknown[];
    if (updated.length === 0) throw new NotFoundError('member', memberId);
    return this.state(memberId);
  }

  /** The member's onboarding link (their account is created the first time); null when the member does not exist. */
  async onboardingLink(memberId: string): Promise<{ url: string } | null> {
    const accountId = await this.dataSource.transaction(async (manager) => {
      const [member] = (await manager.query(`SELECT id, email FROM members WHERE id = $1 FOR NO KEY UPDATE`, [memberId])) as { id: string; email: string }[];
      if (!member) return null;
      const [existing] = (await manager.query(`SELECT stripe_account_id FROM payout_accounts WHERE member_id = $1`, [memberId])) as {
        stripe_account_id: string;
      }[];
      if (existing) return existing.stripe_account_id;
      let account: Stripe.Account;
      try {
        account = await this.stripe.accounts.create(
          { type: 'express', email: member.email, capabilities: { transfers: { requested: true } }, metadata: { member_id: memberId } },
          { idempotencyKey: `payout-account:${memberId}` },
        );
      } catch (error) {
        throw stripeFailure(error);
      }
      const { status, currentlyDue } = accountState(account);
      await manager.query(`INSERT INTO payout_accounts (member_id, stripe_account_id, status, currently_due) VALUES ($1, $2, $3, $4)`, [
        memberId,
        account.id,
        status,
        currentlyDue,
      ]);
      return account.id;
    });
    if (!accountId) return null;
    const dashboard = `${this.config.publicOrigin}/member-dashboard`;
    try {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: `${dashboard}?payouts=return`,
        refresh_url: `${dashboard}?payouts=refresh`,
      });
      return { url: link.url };
    } catch (error) {
      throw stripeFailure(error);
    }
  }

  /** `account.updated`: the account as Stripe has it now becomes the member's payout state; unknown accounts are ignored. */
  async refresh(manager: EntityManager, accountId: string): Promise<boolean> {
    const [row] = (await manager.query(`SELECT member_id FROM payout_accounts WHERE stripe_account_id = $1 FOR UPDATE`, [accountId])) as {
      member_id: string;
    }[];
    if (!row) return false;
    let account: Stripe.Account;
    try {
      account = await this.stripe.accounts.retrieve(accountId);
    } catch (error) {
      throw stripeFailure(error);
    }
    const { status, currentlyDue } = accountState(account);
    await manager.query(`UPDATE payout_accounts SET status = $2, currently_due = $3, updated_at = now() WHERE stripe_account_id = $1`, [
      accountId,
      status,
      currentlyDue,
    ]);
    return true;
  }
}
