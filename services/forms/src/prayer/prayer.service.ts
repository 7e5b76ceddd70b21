import { randomBytes } from 'node:crypto';
import { FormsEvents, PRAYER_SHARING_CONSENT, type FormReceipt, type PrayerRequest, type PrayerRequestData } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner, SERVICE_CONFIG } from '@km/nest-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { FormsConfig } from '../config';
import { DataSource } from 'typeorm';
import { Inbox } from '../inbox/inbox';
import { receipt } from '../inbox/receipt';
import { PrayerRequestEntity, toPrayerRequest } from './prayer-request.entity';

@Injectable()
export class PrayerService {
  readonly inbox: Inbox<PrayerRequestEntity, PrayerRequest>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    @Inject(SERVICE_CONFIG) private readonly config: FormsConfig,
  ) {
    this.inbox = new Inbox(dataSource, PrayerRequestEntity, 'prayer request', toPrayerRequest);
  }

  async create(data: PrayerRequestData): Promise<FormReceipt> {
    const { confidentialityAccepted: _accepted, shareNameAs, ...fields } = data;
    const now = new Date();
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const saved = await manager.save(
        manager.create(PrayerRequestEntity, {
          ...fields,
          // The consent is recorded with the request, word for word and when (ADR 0042); the name choice only with it.
          shareNameAs: fields.allowSharing ? shareNameAs : 'anonymous',
          sharingConsent: fields.allowSharing ? PRAYER_SHARING_CONSENT : null,
          sharingConsentAt: fields.allowSharing ? now : null,
          expiresAt: new Date(now.getTime() + this.config.prayer.expiryDays * 86_400_000),
        }),
      );
      // The requester's link and digest settings: one row per address, made on their first request.
      await manager.query(`INSERT INTO prayer_requesters (email, token) VALUES (lower($1), $2) ON CONFLICT (email) DO NOTHING`, [
        saved.email,
        randomBytes(32).toString('base64url'),
      ]);
      await record(FormsEvents.prayerReceived, {
        prayerRequestId: saved.id,
        email: saved.email,
        isUrgent: saved.isUrgent,
        preferredContact: saved.preferredContact,
      });
      return saved;
    });
    return receipt(row.id, row.createdAt, 'Thank you for sharing your prayer request. Our prayer team will be praying for you.');
  }
}
