import { MembershipEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { MembershipConfig } from '../config';
import { MembersRepository } from '../members/members.repository';
import { referralEarnedMail, welcomeMail } from './membership-mails';

/**
 * The welcome mail and the referrer's "you earned $1.00", from a durable consumer of `membership.member.joined`:
 * the event leaves only after the join committed, each is handled once, and the keys make a second enqueue a no-op.
 */
@Injectable()
export class MembershipMailer extends ConsumerService<typeof MembershipEvents.memberJoined> {
  constructor(
    kit: EventConsumerKit,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: MembershipConfig,
    private readonly members: MembersRepository,
  ) {
    super(kit, { durable: 'membership-mail', types: [MembershipEvents.memberJoined] });
  }

  protected async handle(event: TypedEvent<typeof MembershipEvents.memberJoined>, manager: EntityManager) {
    const find = (id: string) => this.members.byId(id, manager);
    const member = await find(event.data.memberId);
    if (!member) return void this.logger.warn({ eventId: event.id, memberId: event.data.memberId }, 'joined member not found; no welcome mail');
    await this.mail.send(
      `membership-welcome:${event.id}`,
      welcomeMail(this.config.publicOrigin, { email: member.email, firstName: member.first_name, referralCode: member.referral_code }),
    );
    if (!event.data.referrerId || !event.data.commissionId) return;
    const referrer = await find(event.data.referrerId);
    if (referrer)
      await this.mail.send(
        `membership-referral-earned:${event.data.commissionId}`,
        referralEarnedMail(this.config.publicOrigin, { email: referrer.email, firstName: referrer.first_name }, member.first_name),
      );
  }
}
