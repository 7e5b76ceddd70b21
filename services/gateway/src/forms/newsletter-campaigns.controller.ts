import {
  campaignDraftSchema,
  campaignRefSchema,
  campaignScheduleBodySchema,
  FormsSubjects,
  type CampaignDraft,
  type CampaignPreview,
  type NewsletterCampaign,
} from '@km/contracts/forms';
import { InvalidError, parseOrThrow, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RequireAdmin, type AuthedRequest } from '../auth/guards';
import { ApiZodBody, ZodBody } from '../http/zod-body';

const ref = (id: string) => parseOrThrow(campaignRefSchema, { id });

/** The admin's "Newsletter" tab (ADR 0057): compose with a preview, test, schedule, send, cancel, watch progress. */
@ApiTags('admin')
@Controller('api/admin/newsletter')
export class NewsletterCampaignsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('preview')
  @HttpCode(200)
  @RequireAdmin()
  @ApiOperation({ summary: 'The email a draft makes, as it would arrive: {subject, html, text} (Markdown rendered and escaped, styles inline).' })
  @ApiZodBody(campaignDraftSchema)
  preview(@ZodBody(campaignDraftSchema) body: CampaignDraft): Promise<CampaignPreview> {
    return this.rpc.send(FormsSubjects.campaigns.preview, body);
  }

  @Get('campaigns')
  @RequireAdmin()
  @ApiOperation({ summary: 'The newest 25 campaigns with their status and counts (sent, failed, pending, skipped).' })
  list(): Promise<NewsletterCampaign[]> {
    return this.rpc.send(FormsSubjects.campaigns.list, { limit: 25 });
  }

  @Post('campaigns')
  @RequireAdmin()
  @ApiOperation({ summary: 'Save a draft campaign: 201 with the campaign. A featured product must exist in the catalog.' })
  @ApiZodBody(campaignDraftSchema)
  create(@ZodBody(campaignDraftSchema) body: CampaignDraft): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.create, body);
  }

  @Get('campaigns/:id')
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiOperation({ summary: 'One campaign with its progress while it is sent and its report afterwards (counts and the last failures).' })
  get(@Param('id') id: string): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.get, ref(id));
  }

  @Put('campaigns/:id')
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiOperation({ summary: 'Change a draft or scheduled campaign; 409 campaign_state once it started.' })
  @ApiZodBody(campaignDraftSchema)
  update(@Param('id') id: string, @ZodBody(campaignDraftSchema) body: CampaignDraft): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.update, { id: ref(id).id, draft: body });
  }

  @Post('campaigns/:id/test')
  @HttpCode(202)
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiOperation({ summary: "Send one copy, subject marked [Test], to the signed-in admin's own address: 202 {to}. 400 when the account has no address." })
  test(@Param('id') id: string, @Req() req: AuthedRequest): Promise<{ to: string }> {
    const email = req.user?.email;
    if (!email) throw new InvalidError('Your account has no email address to send the test to: add one to your account first.');
    return this.rpc.send(FormsSubjects.campaigns.test, { id: ref(id).id, to: email });
  }

  @Post('campaigns/:id/schedule')
  @HttpCode(200)
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiOperation({ summary: 'Schedule (or move) a draft or scheduled campaign for {at, timeZone}; 400 for a past time or unknown zone, 409 once started.' })
  @ApiZodBody(campaignScheduleBodySchema)
  schedule(@Param('id') id: string, @ZodBody(campaignScheduleBodySchema) body: { at: string; timeZone: string }): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.schedule, { id: ref(id).id, ...body });
  }

  @Post('campaigns/:id/send')
  @HttpCode(202)
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiResponse({ status: 409, description: 'details.reason campaign_state: it is already sending, sent or cancelled.' })
  @ApiOperation({ summary: 'Start sending a draft or scheduled campaign now: 202 with its recipients counted; 409 when it already started.' })
  send(@Param('id') id: string): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.send, ref(id));
  }

  @Post('campaigns/:id/cancel')
  @HttpCode(200)
  @RequireAdmin()
  @ApiParam({ name: 'id', description: 'the campaign id (UUID)' })
  @ApiOperation({ summary: 'Cancel a scheduled campaign; 409 campaign_state when it is not scheduled.' })
  cancel(@Param('id') id: string): Promise<NewsletterCampaign> {
    return this.rpc.send(FormsSubjects.campaigns.cancel, ref(id));
  }
}
