import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { PublicUser, StaffRole } from '@km/contracts';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  username: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  /** When the owner of `email` proved it by a mailed link; null until then (ADR 0026). */
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt: Date | null;

  /** Set on a Marketshare member's user: signs in by emailed link, with role member. */
  @Column({ name: 'member_id', type: 'uuid', nullable: true })
  memberId: string | null;

  /** Staff roles short of admin (ADR 0043), e.g. prayer_team. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  roles: StaffRole[];

  /** When an admin removed this staff account (ADR 0052): it signs in no more and holds no session. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

export const toPublicUser = (user: User): PublicUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
  isAdmin: user.isAdmin,
  // Only members carry these, so other users look exactly as before.
  ...(user.memberId ? { role: 'member' as const, memberId: user.memberId } : {}),
  ...(user.roles?.length ? { roles: [...user.roles] } : {}),
});
