import { FormsSubjects, prayerRequestSchema, type FormReceipt, type PrayerRequestData } from '@km/contracts';
import { Public } from '@km/nest-kit';
import { Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { FormsBudgeted } from '../http/budget-guards';
import { inboxRoutes } from './inbox-routes';

@ApiTags('forms')
@Controller('api/prayer-requests')
export class PrayerRequestsController extends inboxRoutes('prayer', 'prayer requests') {
  @Post()
  @Public()
  @FormsBudgeted()
  @ApiOperation({
    summary: 'Submit a prayer request (anyone). 201 with a receipt; an acknowledgement email unless preferredContact is none, and an alert to the admin inbox.',
  })
  @ApiZodBody(prayerRequestSchema)
  create(@ZodBody(prayerRequestSchema) body: PrayerRequestData): Promise<FormReceipt> {
    return this.rpc.send(FormsSubjects.prayer.create, body);
  }
}
