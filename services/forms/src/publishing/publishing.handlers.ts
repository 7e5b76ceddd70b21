import {
  publishingInquirySchema,
  FormsSubjects,
  inboxListQuerySchema,
  inboxRefSchema,
  setInboxStatusSchema,
  type PublishingInquiry,
  type FormReceipt,
  type InboxPage,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublishingService } from './publishing.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class PublishingHandlers {
  constructor(private readonly publishing: PublishingService) {}

  @MessagePattern(FormsSubjects.publishing.create)
  create(@Payload() payload: unknown): Promise<FormReceipt> {
    return this.publishing.create(parseOrThrow(publishingInquirySchema, payload));
  }

  @MessagePattern(FormsSubjects.publishing.list)
  list(@Payload() payload: unknown): Promise<InboxPage<PublishingInquiry>> {
    return this.publishing.inbox.list(parseOrThrow(inboxListQuerySchema, payload));
  }

  @MessagePattern(FormsSubjects.publishing.get)
  get(@Payload() payload: unknown): Promise<PublishingInquiry> {
    return this.publishing.inbox.get(parseOrThrow(inboxRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.publishing.setStatus)
  setStatus(@Payload() payload: unknown): Promise<PublishingInquiry> {
    const { id, status } = parseOrThrow(setInboxStatusSchema, payload);
    return this.publishing.inbox.setStatus(id, status);
  }
}
