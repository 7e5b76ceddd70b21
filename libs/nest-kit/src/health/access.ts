import { SetMetadata } from '@nestjs/common';

/**
 * The metadata key of an HTTP route's declared access: `public`, or what the gateway's RoleGuard requires
 * (`user`, `member`, `admin`, or `prayer_team`: admins and the prayer team, ADR 0043). A route with none is a route whose access nobody decided: the fault suite's
 * authorization matrix fails on it (deny by default), so "public on purpose" is always written down.
 */
export const ACCESS_METADATA = 'km:role';

export type DeclaredAccess = 'public' | 'user' | 'member' | 'admin' | 'prayer_team';

/** Open to visitors on purpose (catalog reads, sign-in, forms, webhooks that check their own signatures, probes). */
export const Public = () => SetMetadata(ACCESS_METADATA, 'public' satisfies DeclaredAccess);
