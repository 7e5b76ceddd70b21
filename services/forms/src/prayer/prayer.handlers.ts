import {
  prayerRequestSchema,
  FormsSubjects,
  inboxListQuerySchema,
  inboxRefSchema,
  setInboxStatusSchema,
  type PrayerRequest,
  type FormReceipt,
  type InboxPage,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PrayerService } from './prayer.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class PrayerHandlers {
  constructor(private readonly prayer: PrayerService) {}

  @MessagePattern(FormsSubjects.prayer.create)
  create(@Payload() payload: unknown): Promise<FormReceipt> {
    return this.prayer.create(parseOrThrow(prayerRequestSchema, payload));
  }

  @MessagePattern(FormsSubjects.prayer.list)
  list(@Payload() payload: unknown): Promise<InboxPage<PrayerRequest>> {
    return this.prayer.inbox.list(parseOrThrow(inboxListQuerySchema, payload));
  }

  @MessagePattern(FormsSubjects.prayer.get)
  get(@Payload() payload: unknown): Promise<PrayerRequest> {
    return this.prayer.inbox.get(parseOrThrow(inboxRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.prayer.setStatus)
  setStatus(@Payload() payload: unknown): Promise<PrayerRequest> {
    const { id, status } = parseOrThrow(setInboxStatusSchema, payload);
    return this.prayer.inbox.setStatus(id, status);
  }
}
