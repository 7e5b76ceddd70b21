import { FormsEvents, type ContactMessage, type ContactMessageData, type FormReceipt } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Inbox } from '../inbox/inbox';
import { receipt } from '../inbox/receipt';
import { NewsletterService } from '../newsletter/newsletter.service';
import { ContactMessageEntity, toContactMessage } from './contact-message.entity';

@Injectable()
export class ContactService {
  readonly inbox: Inbox<ContactMessageEntity, ContactMessage>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
    private readonly newsletter: NewsletterService,
  ) {
    this.inbox = new Inbox(dataSource, ContactMessageEntity, 'contact message', toContactMessage);
  }

  async create(data: ContactMessageData): Promise<FormReceipt> {
    const { privacyAccepted: _accepted, ...fields } = data;
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const saved = await manager.save(manager.create(ContactMessageEntity, fields));
      await record(FormsEvents.contactReceived, { contactMessageId: saved.id, email: saved.email });
      // The contact form's newsletter opt-in subscribes the sender just as the footer form does.
      if (data.wantsNewsletter) await this.newsletter.subscribeWithin(manager, data.email.toLowerCase(), 'contact');
      return saved;
    });
    return receipt(row.id, row.createdAt, 'Thank you for your message. We will reply within 24 hours on business days.');
  }
}
