import { FormsSubjects, publishingInquirySchema, type FormReceipt, type PublishingInquiryData } from '@km/contracts';
import { Public } from '@km/nest-kit';
import { Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { FormsBudgeted } from '../http/budget-guards';
import { inboxRoutes } from './inbox-routes';

@ApiTags('forms')
@Controller('api/publishing-inquiries')
export class PublishingInquiriesController extends inboxRoutes('publishing', 'publishing inquiries') {
  @Post()
  @Public()
  @FormsBudgeted()
  @ApiOperation({
    summary: 'Send a publishing inquiry (anyone). 201 with a receipt; the author gets an acknowledgement email and the publishing inbox an alert.',
  })
  @ApiZodBody(publishingInquirySchema)
  create(@ZodBody(publishingInquirySchema) body: PublishingInquiryData): Promise<FormReceipt> {
    return this.rpc.send(FormsSubjects.publishing.create, body);
  }
}
