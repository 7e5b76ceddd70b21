import { contactMessageSchema, FormsSubjects, type ContactMessageData, type FormReceipt } from '@km/contracts';
import { Public } from '@km/nest-kit';
import { Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { FormsBudgeted } from '../http/budget-guards';
import { inboxRoutes } from './inbox-routes';

@ApiTags('forms')
@Controller('api/contact-messages')
export class ContactMessagesController extends inboxRoutes('contact', 'contact messages') {
  @Post()
  @Public()
  @FormsBudgeted()
  @ApiOperation({
    summary:
      'Send a contact message (anyone). 201 with a receipt; the sender gets an acknowledgement email and the admin inbox an alert. wantsNewsletter also subscribes the address.',
  })
  @ApiZodBody(contactMessageSchema)
  create(@ZodBody(contactMessageSchema) body: ContactMessageData): Promise<FormReceipt> {
    return this.rpc.send(FormsSubjects.contact.create, body);
  }
}
