/** Domain events of the membership service; each carries ids and the few values a consumer needs. */
export const MembershipEvents = {
  /** A paid first invoice made someone a member (sent once per member). */
  memberJoined: 'membership.member.joined',
} as const;

export interface MemberJoinedEvent {
  memberId: string;
  /** The member whose code was used, when a valid code of another member was given. */
  referrerId: string | null;
  /** The pending commission the referral earned the referrer. */
  commissionId: string | null;
}

/** What each membership event carries; `recordEvent` and `EventConsumer` read their types from here. */
export interface MembershipEventMap {
  [MembershipEvents.memberJoined]: MemberJoinedEvent;
}
