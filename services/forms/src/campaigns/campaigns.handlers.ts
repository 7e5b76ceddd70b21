import {
  campaignDraftSchema,
  campaignListSchema,
  campaignRefSchema,
  campaignScheduleSchema,
  campaignTestSchema,
  campaignUpdateSchema,
  FormsSubjects,
  type CampaignPreview,
  type NewsletterCampaign,
} from '@km/contracts/forms';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignsService } from './campaigns.service';

/** NATS patterns only; the gateway lets admins alone reach them. */
@Controller()
export class CampaignsHandlers {
  constructor(private readonly campaigns: CampaignsService) {}

  @MessagePattern(FormsSubjects.campaigns.preview)
  preview(@Payload() payload: unknown): Promise<CampaignPreview> {
    return this.campaigns.preview(parseOrThrow(campaignDraftSchema, payload));
  }

  @MessagePattern(FormsSubjects.campaigns.create)
  create(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    return this.campaigns.create(parseOrThrow(campaignDraftSchema, payload));
  }

  @MessagePattern(FormsSubjects.campaigns.update)
  update(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    const { id, draft } = parseOrThrow(campaignUpdateSchema, payload);
    return this.campaigns.update(id, draft);
  }

  @MessagePattern(FormsSubjects.campaigns.get)
  get(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    return this.campaigns.get(parseOrThrow(campaignRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.campaigns.list)
  list(@Payload() payload: unknown): Promise<NewsletterCampaign[]> {
    return this.campaigns.list(parseOrThrow(campaignListSchema, payload).limit);
  }

  @MessagePattern(FormsSubjects.campaigns.test)
  test(@Payload() payload: unknown): Promise<{ to: string }> {
    const { id, to } = parseOrThrow(campaignTestSchema, payload);
    return this.campaigns.sendTest(id, to);
  }

  @MessagePattern(FormsSubjects.campaigns.schedule)
  schedule(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    const { id, at, timeZone } = parseOrThrow(campaignScheduleSchema, payload);
    return this.campaigns.schedule(id, at, timeZone);
  }

  @MessagePattern(FormsSubjects.campaigns.send)
  send(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    return this.campaigns.sendNow(parseOrThrow(campaignRefSchema, payload).id);
  }

  @MessagePattern(FormsSubjects.campaigns.cancel)
  cancel(@Payload() payload: unknown): Promise<NewsletterCampaign> {
    return this.campaigns.cancel(parseOrThrow(campaignRefSchema, payload).id);
  }
}
