import {
  contactMessageSchema,
  FormsSubjects,
  inboxListQuerySchema,
  inboxRefSchema,
  setInboxStatusSchema,
  type ContactMessage,
  type FormReceipt,
  type InboxPage,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactService } from './contact.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class ContactHandlers {
  constructor(private readonly contact: ContactService) {}

  @MessagePattern(FormsSubjects.contact.create)
  create(@Payload() payload: unknown): Promise<FormReceipt> {
    return this.contact.create(parseOrThrow(contactMessageSchema, payload));
  }

  @MessagePattern(FormsSubjects.contact.list)
  list(@Payload() payload: unknown): Promise<InboxPage<ContactMessage>> {
    return this.contact.inbox.list(parseOrThrow(inboxListQuerySchema, payload));
  }

  @MessagePattern(FormsSubjects.contact.get)
  get(@Payload() payload: unknown): Promise<ContactMessage> {
    return this.contact.inbox.get(parseOrThrow(inboxRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.contact.setStatus)
  setStatus(@Payload() payload: unknown): Promise<ContactMessage> {
    const { id, status } = parseOrThrow(setInboxStatusSchema, payload);
    return this.contact.inbox.setStatus(id, status);
  }
}
