import {
  PRAYER_WALL_PAGE_SIZE,
  PRAYER_WALL_TEXT_MAX,
  type FlagResult,
  type OwnPrayerRequests,
  type OwnerActionBody,
  type PrayedResult,
  type PrayerNameDisplay,
  type PrayerQueuePage,
  type PrayerState,
  type PrayerWallCard,
  type PrayerWallPage,
  type PrayerRequestType,
  type TeamPrayerRequest,
} from '@km/contracts';
import { AppError, ConflictError, NotFoundError, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { FormsConfig } from '../config';
import { answeredThanksMail } from './prayer-mails';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What makes a request public (ADR 0042), in one place: its author's consent is recorded and not withdrawn, a moderator
 * approved it, and no flag is waiting for a moderator. Everything the wall answers goes through this predicate.
 */
const PUBLIC = `r.allow_sharing AND r.sharing_consent_at IS NOT NULL AND r.moderation = 'approved' AND r.flagged_at IS NULL AND r.taken_down_at IS NULL`;
const OPEN = `r.state IN ('new', 'praying') AND r.expires_at > now()`;
const PRAISE = `r.state = 'answered' AND r.share_praise AND r.answer IS NOT NULL`;

interface WallRow {
  id: string;
  first_name: string;
  share_name_as: PrayerNameDisplay;
  request_type: PrayerRequestType;
  prayer_request: string;
  prayed_count: number;
  created_at: Date;
  answer: string | null;
  answered_at: Date | null;
  total: number;
}

interface TeamRow {
  id: string;
  first_name: string;
  request_type: PrayerRequestType;
  prayer_request: string;
  is_urgent: boolean;
  allow_sharing: boolean;
  state: PrayerState;
  moderation: TeamPrayerRequest['moderation'];
  flagged_at: Date | null;
  prayed_count: number;
  created_at: Date;
  expires_at: Date;
  sharing_consent_at: Date | null;
}

/** The first name's initial, or "Anonymous": never more of the author than they chose to show. */
export function wallName(firstName: string, display: PrayerNameDisplay): string {
  const initial = Array.from(firstName.trim())[0];
  return display === 'initial' && initial && /\p{L}/u.test(initial) ? `${initial.toUpperCase()}.` : 'Anonymous';
}

/** Public text is cut to PRAYER_WALL_TEXT_MAX characters (whole code points). */
export function wallText(text: string): string {
  const chars = Array.from(text.trim());
  return chars.length > PRAYER_WALL_TEXT_MAX
    ? `${chars
        .slice(0, PRAYER_WALL_TEXT_MAX - 1)
        .join('')
        .trimEnd()}…`
    : chars.join('');
}

const toCard = (row: WallRow, praise: boolean): PrayerWallCard => ({
  id: row.id,
  name: wallName(row.first_name, row.share_name_as),
  requestType: row.request_type,
  text: wallText(row.prayer_request),
  prayedCount: row.prayed_count,
  submittedAt: row.created_at.toISOString(),
  ...(praise && row.answer ? { answer: wallText(row.answer), answeredAt: row.answered_at?.toISOString() } : {}),
});

const TEAM_COLUMNS = `r.id, r.first_name, r.request_type, r.prayer_request, r.is_urgent, r.allow_sharing, r.state, r.moderation, r.flagged_at,
  r.prayed_count, r.created_at, r.expires_at, r.sharing_consent_at`;

/** The prayer wall, the prayer team's session and moderation, and the requester's own page (ADR 0042). */
@Injectable()
export class PrayerMinistryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
  ) {}

  /* ── The wall ─────────────────────────────────────────────────────────────────────────────────────────────── */

  async wall(section: 'requests' | 'praise', page: number, type: PrayerRequestType | undefined): Promise<PrayerWallPage> {
    const praise = section === 'praise';
    const rows: WallRow[] = await this.dataSource.query(
      `SELECT r.id, r.first_name, r.share_name_as, r.request_type, r.prayer_request, r.prayed_count, r.created_at, r.answer, r.answered_at,
              count(*) OVER ()::int AS total
       FROM prayer_requests r
       WHERE ${PUBLIC} AND ${praise ? PRAISE : OPEN} AND ($1::text IS NULL OR r.request_type = $1)
       ORDER BY ${praise ? 'r.answered_at DESC' : 'r.created_at DESC'}, r.id DESC
       LIMIT $2 OFFSET $3`,
      [type ?? null, PRAYER_WALL_PAGE_SIZE, (page - 1) * PRAYER_WALL_PAGE_SIZE],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.wallTotal(praise, type) : 0);
    return { items: rows.map((row) => toCard(row, praise)), total, page, pageSize: PRAYER_WALL_PAGE_SIZE };
  }

  private async wallTotal(praise: boolean, type: PrayerRequestType | undefined): Promise<number> {
    const [row]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM prayer_requests r WHERE ${PUBLIC} AND ${praise ? PRAISE : OPEN} AND ($1::text IS NULL OR r.request_type = $1)`,
      [type ?? null],
    );
    return row.total;
  }

  /**
   * "I prayed" from the wall, counted once per request per visitor per rolling 24 hours and decided in one statement,
   * as the podcast's plays are: the visitor's row is upserted only when there is none or its count is a day old (the
   * row lock makes simultaneous taps wait and then see the fresh one), and the count rises only when it was.
   */
  async prayed(id: string, visitor: string): Promise<PrayedResult> {
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    const rows: { prayed_count: number; counted: boolean }[] = await this.dataSource.query(
      `WITH target AS (SELECT r.id FROM prayer_requests r WHERE r.id = $1 AND ${PUBLIC} AND ${OPEN}),
       counted AS (
         INSERT INTO prayer_wall_visits (request_id, visitor, counted_at)
         SELECT id, $2, now() FROM target
         ON CONFLICT (request_id, visitor) DO UPDATE SET counted_at = now()
           WHERE prayer_wall_visits.counted_at <= now() - interval '24 hours'
         RETURNING request_id, visitor
       ),
       logged AS (INSERT INTO prayer_prayers (request_id, from_wall, visitor) SELECT request_id, true, visitor FROM counted),
       bumped AS (
         UPDATE prayer_requests SET prayed_count = prayed_count + 1, state = CASE WHEN state = 'new' THEN 'praying' ELSE state END
         WHERE id = $1 AND EXISTS (SELECT 1 FROM counted) RETURNING prayed_count
       )
       SELECT COALESCE((SELECT prayed_count FROM bumped), r.prayed_count) AS prayed_count, EXISTS (SELECT 1 FROM bumped) AS counted
       FROM prayer_requests r WHERE r.id IN (SELECT id FROM target)`,
      [id, visitor],
    );
    if (rows.length === 0) throw new NotFoundError('prayer request', id);
    return { id, prayedCount: rows[0].prayed_count, counted: rows[0].counted };
  }

  /** A flag takes the card off the wall (and out of the praise section) until a moderator looks at it again. */
  async flag(id: string, visitor: string): Promise<FlagResult> {
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    // An UPDATE answers [rows, affected] through TypeORM.
    const [, flagged] = (await this.dataSource.query(
      `WITH target AS (SELECT r.id FROM prayer_requests r WHERE r.id = $1 AND ${PUBLIC} AND ((${OPEN}) OR (${PRAISE}))),
       noted AS (INSERT INTO prayer_wall_flags (request_id, visitor) SELECT id, $2 FROM target ON CONFLICT DO NOTHING RETURNING request_id)
       UPDATE prayer_requests SET flagged_at = now(), flag_count = flag_count + (SELECT count(*) FROM noted)::int
       WHERE id IN (SELECT id FROM target)`,
      [id, visitor],
    )) as [unknown[], number];
    if (!flagged) throw new NotFoundError('prayer request', id);
    return { id, flagged: true };
  }

  /* ── The prayer team ──────────────────────────────────────────────────────────────────────────────────────── */

  /** The session's next request: urgent first, then the least prayed-for, then the oldest; skipped ones left out. */
  async next(skip: string[]): Promise<{ request: TeamPrayerRequest | null }> {
    const rows: TeamRow[] = await this.dataSource.query(
      `SELECT ${TEAM_COLUMNS} FROM prayer_requests r
       WHERE ${OPEN} AND r.taken_down_at IS NULL AND NOT (r.id = ANY($1::uuid[]))
       ORDER BY r.is_urgent DESC, r.prayed_count ASC, r.created_at ASC, r.id ASC LIMIT 1`,
      [skip.filter((id) => UUID.test(id))],
    );
    return { request: rows[0] ? await this.withPrayers(rows[0]) : null };
  }

  /** "I prayed": who and when (and the note, if any); the count rises and a new request becomes praying. */
  async teamPrayed(id: string, by: { userId: string; username: string }, note: string | null): Promise<TeamPrayerRequest> {
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    const rows: unknown[] = await this.dataSource.query(
      `WITH bumped AS (
         UPDATE prayer_requests SET prayed_count = prayed_count + 1, state = CASE WHEN state = 'new' THEN 'praying' ELSE state END, updated_at = now()
         WHERE id = $1 RETURNING id
       )
       INSERT INTO prayer_prayers (request_id, from_wall, by_user_id, by_username, note) SELECT id, false, $2, $3, $4 FROM bumped RETURNING id`,
      [id, by.userId, by.username, note],
    );
    if (rows.length === 0) throw new NotFoundError('prayer request', id);
    return this.teamView(id);
  }

  /** What waits for a moderator: shared requests not yet decided, praise reports to approve, and flagged cards. */
  async queue(page: number): Promise<PrayerQueuePage> {
    const size = 20;
    const rows: (TeamRow & { total: number })[] = await this.dataSource.query(
      `SELECT ${TEAM_COLUMNS}, count(*) OVER ()::int AS total FROM prayer_requests r
       WHERE r.allow_sharing AND r.sharing_consent_at IS NOT NULL AND r.taken_down_at IS NULL
         AND (r.moderation = 'pending' OR r.flagged_at IS NOT NULL)
       ORDER BY r.flagged_at IS NULL, r.is_urgent DESC, r.created_at ASC, r.id ASC LIMIT $1 OFFSET $2`,
      [size, (page - 1) * size],
    );
    return { items: await Promise.all(rows.map((row) => this.withPrayers(row))), total: rows[0]?.total ?? 0 };
  }

  /** Approve puts it on the wall (and clears a flag: the moderator looked again); reject keeps it off for good. */
  async moderate(id: string, decision: 'approve' | 'reject', by: { username: string }): Promise<TeamPrayerRequest> {
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    const [, affected] = (await this.dataSource.query(
      `UPDATE prayer_requests SET moderation = $2, flagged_at = NULL, moderated_by = $3, moderated_at = now(), updated_at = now() WHERE id = $1`,
      [id, decision === 'approve' ? 'approved' : 'rejected', by.username],
    )) as [unknown[], number];
    if (!affected) throw new NotFoundError('prayer request', id);
    return this.teamView(id);
  }

  async setState(id: string, state: PrayerState): Promise<TeamPrayerRequest> {
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    const [, affected] = (await this.dataSource.query(`UPDATE prayer_requests SET state = $2, updated_at = now() WHERE id = $1`, [id, state])) as [
      unknown[],
      number,
    ];
    if (!affected) throw new NotFoundError('prayer request', id);
    return this.teamView(id);
  }

  private async teamView(id: string): Promise<TeamPrayerRequest> {
    const [row]: TeamRow[] = await this.dataSource.query(`SELECT ${TEAM_COLUMNS} FROM prayer_requests r WHERE r.id = $1`, [id]);
    if (!row) throw new NotFoundError('prayer request', id);
    return this.withPrayers(row);
  }

  private async withPrayers(row: TeamRow): Promise<TeamPrayerRequest> {
    const prayers: { by_username: string | null; prayed_at: Date; note: string | null; from_wall: boolean }[] = await this.dataSource.query(
      `SELECT by_username, prayed_at, note, from_wall FROM prayer_prayers WHERE request_id = $1 AND NOT from_wall ORDER BY prayed_at DESC, id DESC LIMIT 20`,
      [row.id],
    );
    return {
      id: row.id,
      firstName: row.first_name,
      requestType: row.request_type,
      prayerRequest: row.prayer_request,
      isUrgent: row.is_urgent,
      allowSharing: row.allow_sharing && row.sharing_consent_at !== null,
      state: row.state,
      moderation: row.moderation,
      flagged: row.flagged_at !== null,
      prayedCount: row.prayed_count,
      submittedAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      prayers: prayers.map((p) => ({ by: p.by_username, at: p.prayed_at.toISOString(), note: p.note, fromWall: p.from_wall })),
    };
  }

  /* ── The requester (the digest's link: the token stands for their address) ────────────────────────────────── */

  async own(token: string): Promise<OwnPrayerRequests> {
    const requester = await this.requester(token);
    const rows: {
      id: string;
      request_type: PrayerRequestType;
      prayer_request: string;
      state: PrayerState;
      allow_sharing: boolean;
      share_name_as: PrayerNameDisplay;
      on_wall: boolean;
      prayed_count: number;
      created_at: Date;
      expires_at: Date;
      answer: string | null;
      taken_down_at: Date | null;
    }[] = await this.dataSource.query(
      `SELECT r.id, r.request_type, r.prayer_request, r.state, r.allow_sharing AND r.sharing_consent_at IS NOT NULL AS allow_sharing, r.share_name_as,
              (${PUBLIC} AND ((${OPEN}) OR (${PRAISE}))) AS on_wall, r.prayed_count, r.created_at, r.expires_at, r.answer, r.taken_down_at
       FROM prayer_requests r WHERE lower(r.email) = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
      [requester.email],
    );
    return {
      email: requester.email,
      digest: requester.digest_unsubscribed_at === null,
      items: rows.map((r) => ({
        id: r.id,
        requestType: r.request_type,
        prayerRequest: r.prayer_request,
        state: r.state,
        allowSharing: r.allow_sharing,
        shareNameAs: r.share_name_as,
        onWall: r.on_wall,
        prayedCount: r.prayed_count,
        submittedAt: r.created_at.toISOString(),
        expiresAt: r.expires_at.toISOString(),
        answer: r.answer,
        takenDown: r.taken_down_at !== null,
      })),
    };
  }

  /**
   * What the author may do with their own request. Each change is one guarded UPDATE (the request must be theirs and in
   * a state that allows it); a changed text or a praise report to be shown goes back to the moderators first.
   */
  async act(token: string, id: string, change: OwnerActionBody): Promise<OwnPrayerRequests> {
    const { email } = await this.requester(token);
    if (!UUID.test(id)) throw new NotFoundError('prayer request', id);
    const mine = `id = $1 AND lower(email) = $2 AND taken_down_at IS NULL`;
    let sql: string;
    let params: unknown[] = [id, email];
    let refused: string;
    switch (change.action) {
      case 'update':
        sql = `UPDATE prayer_requests SET prayer_request = $3, moderation = 'pending', updated_at = now() WHERE ${mine} AND state IN ('new', 'praying')`;
        params = [...params, change.prayerRequest];
        refused = 'Only an open request can be changed: this one is answered or closed.';
        break;
      case 'answer':
        sql = `UPDATE prayer_requests SET state = 'answered', answer = $3, answered_at = now(),
                 share_praise = $4 AND allow_sharing AND sharing_consent_at IS NOT NULL,
                 moderation = CASE WHEN $4 AND allow_sharing THEN 'pending' ELSE moderation END, updated_at = now()
               WHERE ${mine} AND state IN ('new', 'praying', 'closed')`;
        params = [...params, change.answer, change.sharePraise];
        refused = 'This request is already marked answered.';
        break;
      case 'renew':
        sql = `UPDATE prayer_requests SET expires_at = now() + make_interval(days => $3::int),
                 state = CASE WHEN state = 'closed' THEN 'praying' ELSE state END, updated_at = now()
               WHERE ${mine} AND state <> 'answered'`;
        params = [...params, this.config.prayer.expiryDays];
        refused = 'An answered request cannot be renewed: send a new one if you would like prayer again.';
        break;
      case 'withdraw-sharing':
        sql = `UPDATE prayer_requests SET allow_sharing = false, share_praise = false, sharing_withdrawn_at = now(), updated_at = now() WHERE ${mine}`;
        refused = 'This request was taken down.';
        break;
      case 'take-down':
        sql = `UPDATE prayer_requests SET state = 'closed', allow_sharing = false, share_praise = false,
                 sharing_withdrawn_at = COALESCE(sharing_withdrawn_at, now()), taken_down_at = now(), updated_at = now()
               WHERE ${mine}`;
        refused = 'This request was already taken down.';
        break;
    }
    const [, affected] = (await this.dataSource.query(sql, params)) as [unknown, number];
    if (!affected) {
      const [exists]: unknown[] = await this.dataSource.query(`SELECT 1 FROM prayer_requests WHERE id = $1 AND lower(email) = $2`, [id, email]);
      if (!exists) throw new NotFoundError('prayer request', id);
      throw new ConflictError('prayer_request_state', refused);
    }
    if (change.action === 'answer') {
      await this.mail.send(`prayer-answered:${id}`, answeredThanksMail(this.config.staff.admin, change.answer, this.config.publicOrigin));
    }
    return this.own(token);
  }

  async unsubscribe(token: string): Promise<OwnPrayerRequests> {
    await this.dataSource.query(`UPDATE prayer_requesters SET digest_unsubscribed_at = COALESCE(digest_unsubscribed_at, now()) WHERE token = $1`, [token]);
    return this.own(token);
  }

  private async requester(token: string): Promise<{ email: string; digest_unsubscribed_at: Date | null }> {
    const [row]: { email: string; digest_unsubscribed_at: Date | null }[] = await this.dataSource.query(
      `SELECT email, digest_unsubscribed_at FROM prayer_requesters WHERE token = $1`,
      [token],
    );
    if (!row) throw new AppError('not_found', 'This link is not valid any more: use the link from your latest prayer email.');
    return row;
  }
}
