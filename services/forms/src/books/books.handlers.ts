import {
  createBookSubmissionSchema,
  FormsSubjects,
  inboxListQuerySchema,
  inboxRefSchema,
  setInboxStatusSchema,
  type BookSubmission,
  type FormReceipt,
  type InboxPage,
  type ManuscriptFile,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BooksService } from './books.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class BooksHandlers {
  constructor(private readonly books: BooksService) {}

  @MessagePattern(FormsSubjects.book.create)
  create(@Payload() payload: unknown): Promise<FormReceipt> {
    return this.books.create(parseOrThrow(createBookSubmissionSchema, payload));
  }

  @MessagePattern(FormsSubjects.book.list)
  list(@Payload() payload: unknown): Promise<InboxPage<BookSubmission>> {
    return this.books.inbox.list(parseOrThrow(inboxListQuerySchema, payload));
  }

  @MessagePattern(FormsSubjects.book.get)
  get(@Payload() payload: unknown): Promise<BookSubmission> {
    return this.books.inbox.get(parseOrThrow(inboxRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.book.setStatus)
  setStatus(@Payload() payload: unknown): Promise<BookSubmission> {
    const { id, status } = parseOrThrow(setInboxStatusSchema, payload);
    return this.books.inbox.setStatus(id, status);
  }

  @MessagePattern(FormsSubjects.bookManuscript)
  manuscript(@Payload() payload: unknown): Promise<ManuscriptFile> {
    return this.books.manuscript(parseOrThrow(inboxRefSchema, payload).id);
  }
}
