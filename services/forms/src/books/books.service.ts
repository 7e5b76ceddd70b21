import { FormsEvents, type BookSubmission, type CreateBookSubmissionRequest, type FormReceipt, type ManuscriptFile } from '@km/contracts';
import { commitWithEvents, OutboxRelayRunner } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Inbox } from '../inbox/inbox';
import { receipt } from '../inbox/receipt';
import { BookSubmissionEntity, toBookSubmission, toManuscriptFile } from './book-submission.entity';

@Injectable()
export class BooksService {
  readonly inbox: Inbox<BookSubmissionEntity, BookSubmission>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRelayRunner,
  ) {
    this.inbox = new Inbox(dataSource, BookSubmissionEntity, 'book submission', toBookSubmission);
  }

  /** The manuscript is already in storage (the gateway streamed it there); this records who sent what. */
  async create({ manuscript, ...fields }: CreateBookSubmissionRequest): Promise<FormReceipt> {
    const row = await commitWithEvents(this.dataSource, this.outbox, async (manager, record) => {
      const saved = await manager.save(
        manager.create(BookSubmissionEntity, {
          ...fields,
          manuscriptKey: manuscript.key,
          manuscriptFilename: manuscript.filename,
          manuscriptSize: manuscript.size,
          manuscriptContentType: manuscript.contentType,
        }),
      );
      await record(FormsEvents.bookReceived, { bookSubmissionId: saved.id, email: saved.email });
      return saved;
    });
    return receipt(row.id, row.createdAt, 'Thank you for your manuscript. Our publishing team will review it and contact you about next steps.');
  }

  async manuscript(id: string): Promise<ManuscriptFile> {
    return toManuscriptFile(await this.inbox.row(id));
  }
}
