import { FormsEvents, type FormReceipt, type PublishingInquiry, type PublishingInquiryData } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Inbox } from '../inbox/inbox';
import { receipt } from '../inbox/receipt';
import { PublishingInquiryEntity, toPublishingInquiry } from './publishing-inquiry.entity';

@Injectable()
export class PublishingService {
  readonly inbox: Inbox<PublishingInquiryEntity, PublishingInquiry>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
  ) {
    this.inbox = new Inbox(dataSource, PublishingInquiryEntity, 'publishing inquiry', toPublishingInquiry);
  }

  async create(data: PublishingInquiryData): Promise<FormReceipt> {
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const saved = await manager.save(manager.create(PublishingInquiryEntity, data));
      await record(FormsEvents.publishingReceived, { publishingInquiryId: saved.id, email: saved.email });
      return saved;
    });
    return receipt(row.id, row.createdAt, 'Thank you for your inquiry. We will answer within 24-48 hours.');
  }
}
