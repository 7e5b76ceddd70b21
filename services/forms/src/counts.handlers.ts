import { FormsSubjects, type FormsCounts } from '@km/contracts/forms';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BooksService } from './books/books.service';
import { ContactService } from './contact/contact.service';
import { PrayerService } from './prayer/prayer.service';
import { PublishingService } from './publishing/publishing.service';

/** The admin dashboard's four count cards. */
@Controller()
export class CountsHandlers {
  constructor(
    private readonly contact: ContactService,
    private readonly publishing: PublishingService,
    private readonly books: BooksService,
    private readonly prayer: PrayerService,
  ) {}

  @MessagePattern(FormsSubjects.counts)
  async counts(): Promise<FormsCounts> {
    const [contactMessages, publishingInquiries, bookSubmissions, prayerRequests] = await Promise.all([
      this.contact.inbox.count(),
      this.publishing.inbox.count(),
      this.books.inbox.count(),
      this.prayer.inbox.count(),
    ]);
    return { contactMessages, publishingInquiries, bookSubmissions, prayerRequests };
  }
}
