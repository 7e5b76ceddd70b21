import { IdentitySubjects, type CompletedJoin, type JoinRequest } from '@km/contracts';
import { RpcClient, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { MembersRepository } from '../members/members.repository';
import { MembersService } from '../members/members.service';

/**
 * A member's way in, settled here in one request from the gateway (ADR 0038): membership knows who is a member and
 * asks identity for the member's account and sign-in links; identity stays the owner of accounts, links and codes
 * (ADR 0026). The gateway only starts the session this answers for.
 */
@Injectable()
export class MemberSignInService {
  constructor(
    private readonly members: MembersService,
    private readonly repository: MembersRepository,
    private readonly rpc: RpcClient,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The join, then, once and only for the browser that paid (`sessionGranted`), the member's account: made now if the
   * email carries no account (the gateway signs that user in), joined to the caller's own account when signed in, or,
   * while another account holds the email, a sign-in link to that address that joins the membership when used.
   */
  async joinAndSignIn(request: JoinRequest & { signedInUserId?: string }): Promise<CompletedJoin> {
    const { signedInUserId, ...join } = request;
    const joined = await this.members.join(join);
    const answer = (signIn: CompletedJoin['signIn'], sessionUserId: string | null = null): CompletedJoin => ({
      referralCode: joined.referralCode,
      created: joined.created,
      signIn,
      sessionUserId,
    });
    // A repeat, or anyone else holding the ids, gets the code only.
    if (!joined.sessionGranted) return answer('none');
    const account = await this.rpc.send(IdentitySubjects.ensureMemberUser, { memberId: joined.memberId, email: joined.email, signedInUserId });
    if (account.status === 'linked') return answer('signed_in');
    if (account.status === 'email_in_use') {
      await this.rpc.send(IdentitySubjects.createMemberLink, { memberId: joined.memberId, email: joined.email });
      return answer('link_sent');
    }
    return answer('signed_in', account.user!.id);
  }

  /**
   * Mails a sign-in link to the member with this address, if there is one (nobody learns whether there is: the
   * gateway answers before this runs). The member's own account is made now if the email is free; while another
   * account holds it, the link goes to that account and joins the membership to it when used (ADR 0026).
   */
  async sendLink(email: string): Promise<{ accepted: true }> {
    const member = await this.repository.byEmail(email);
    if (!member) return { accepted: true };
    await this.rpc.send(IdentitySubjects.ensureMemberUser, { memberId: member.id, email: member.email });
    const link = await this.rpc.send(IdentitySubjects.createMemberLink, { memberId: member.id, email: member.email });
    this.logger.info({ linkId: link.linkId, memberId: member.id }, 'member sign-in link mailed');
    return { accepted: true };
  }
}
