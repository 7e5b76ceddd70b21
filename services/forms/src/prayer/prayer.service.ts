import { FormsEvents, type FormReceipt, type PrayerRequest, type PrayerRequestData } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
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
  ) {
    this.inbox = new Inbox(dataSource, PrayerRequestEntity, 'prayer request', toPrayerRequest);
  }

  async create(data: PrayerRequestData): Promise<FormReceipt> {
    const { confidentialityAccepted: _accepted, ...fields } = data;
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const saved = await manager.save(manager.create(PrayerRequestEntity, fields));
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
