import {
  FormsSubjects,
  ownerActionBodySchema,
  prayerTokenSchema,
  prayerWallQuerySchema,
  type FlagResult,
  type OwnPrayerRequests,
  type PrayedResult,
  type PrayerWallPage,
} from '@km/contracts';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Logger,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { RateLimits } from '../http/rate-limits';
import { headerOf } from '../http/raw-reply';
import { sendRevalidated } from '../http/revalidated';
import { ApiZodBody } from '../http/zod-body';
import { visitorHash } from '../media/visitor';
import { confirmUnsubscribePage, sendUnsubscribePage, type UnsubscribePage } from '../http/unsubscribe-page';

/** A guard spending one of the address's `budget` before anything else runs: a refused tap costs the forms service nothing. */
function addressBudgetGuard(budget: 'consumePrayerTap' | 'consumePrayerFlag') {
  @Injectable()
  class AddressBudgetGuard implements CanActivate {
    constructor(readonly limits: RateLimits) {}
    async canActivate(context: ExecutionContext): Promise<boolean> {
      await this.limits[budget](context.switchToHttp().getRequest<FastifyRequest>().ip ?? 'unknown');
      return true;
    }
  }
  return AddressBudgetGuard;
}
export const PrayerTapLimitGuard = addressBudgetGuard('consumePrayerTap');
export const PrayerFlagLimitGuard = addressBudgetGuard('consumePrayerFlag');

/** The public prayer wall (ADR 0042): approved requests their authors allowed to share, and praise reports. */
@ApiTags('prayer')
@Controller('api/prayer-wall')
export class PrayerWallController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    summary:
      'One page (20) of the prayer wall (anyone): approved requests whose author allowed sharing, newest first, named by first initial or "Anonymous"; filter by type. Never an email, phone or last name.',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'type', required: false })
  async list(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { page, type } = parseOrThrow(prayerWallQuerySchema, { page: query.page, type: query.type });
    await sendRevalidated(req, res, await this.rpc.send(FormsSubjects.prayerWall.list, { section: 'requests', page, type }));
  }

  @Get('praise')
  @Public()
  @ApiOperation({
    summary: 'One page (20) of praise reports (anyone): answered requests whose author agreed to share what happened, after a moderator approved.',
  })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'type', required: false })
  async praise(@Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    const { page, type } = parseOrThrow(prayerWallQuerySchema, { page: query.page, type: query.type });
    const answer: PrayerWallPage = await this.rpc.send(FormsSubjects.prayerWall.list, { section: 'praise', page, type });
    await sendRevalidated(req, res, answer);
  }

  @Post(':id/prayed')
  @Public()
  @HttpCode(200)
  @UseGuards(PrayerTapLimitGuard)
  @ApiOperation({
    summary:
      '"I prayed" (anyone): counted once per request per visitor (address + user agent, hashed) per 24 hours. Answers the count and whether this one counted.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  prayed(@Param('id') id: string, @Req() req: FastifyRequest): Promise<PrayedResult> {
    return this.rpc.send(FormsSubjects.prayerWall.prayed, { id, visitor: this.visitor(req) });
  }

  @Post(':id/flag')
  @Public()
  @HttpCode(200)
  @UseGuards(PrayerFlagLimitGuard)
  @ApiOperation({ summary: 'Flag a card as inappropriate (anyone): it leaves the wall until a moderator looks at it again.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  flag(@Param('id') id: string, @Req() req: FastifyRequest): Promise<FlagResult> {
    return this.rpc.send(FormsSubjects.prayerWall.flag, { id, visitor: this.visitor(req) });
  }

  private visitor(req: FastifyRequest): string {
    return visitorHash(this.config.visitorHashKey, req.ip, headerOf(req, 'user-agent'));
  }
}

const DIGEST_UNSUBSCRIBED: UnsubscribePage = {
  status: 200,
  title: 'You will not receive prayer updates',
  message:
    'We will not email you about who prayed for your requests any more. The prayer team keeps praying. You can still update or take down a request from the link in any earlier email.',
};

/**
 * The requester's own requests, reached by the link in their digest (ADR 0042): the token stands for their address
 * and is the only key, so these routes are public and answer only that address's requests.
 */
@ApiTags('prayer')
@Controller('api/prayer-requests/mine')
export class OwnPrayerRequestsController {
  private readonly logger = new Logger('OwnPrayerRequests');

  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @Public()
  @ApiOperation({ summary: "The requester's own prayer requests (the digest link's token; no sign-in). 404 for an unknown token." })
  @ApiQuery({ name: 'token', required: true })
  get(@Query('token') token: unknown): Promise<OwnPrayerRequests> {
    return this.rpc.send(FormsSubjects.prayerOwner.get, parseOrThrow(prayerTokenSchema, { token }));
  }

  @Get('unsubscribe')
  @Public()
  @ApiOperation({
    summary:
      "The digest's unsubscribe link (no sign-in): an HTML page whose button POSTs the same link; a GET stops nothing, since mail scanners open links (ADR 0056). 400 for a malformed token.",
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribePage(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(prayerTokenSchema, { token });
      return confirmUnsubscribePage(
        'Stop prayer updates?',
        'Press the button and we will not email you about who prayed for your requests any more.',
        `/api/prayer-requests/mine/unsubscribe?token=${encodeURIComponent(request.token)}`,
      );
    });
  }

  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Stop the digest. With the token in the body (the requests page) it answers the requests as they are now; with it in the query (the email link's page button) an HTML page. 400 for a malformed token, 404 for an unknown one.",
  })
  @ApiZodBody(prayerTokenSchema)
  @ApiQuery({ name: 'token', required: false })
  async unsubscribe(@Query('token') linkToken: unknown, @Body() body: unknown, @Res() res: FastifyReply): Promise<void> {
    if (linkToken !== undefined)
      return sendUnsubscribePage(res, this.logger, async () => {
        await this.rpc.send(FormsSubjects.prayerOwner.unsubscribe, parseOrThrow(prayerTokenSchema, { token: linkToken }));
        return DIGEST_UNSUBSCRIBED;
      });
    const requests: OwnPrayerRequests = await this.rpc.send(FormsSubjects.prayerOwner.unsubscribe, parseOrThrow(prayerTokenSchema, body ?? {}));
    await res.status(200).send(requests);
  }

  @Post(':id')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Change one of your own requests (the token in the body): update its text, mark it answered with what happened, renew it for 30 days, withdraw sharing, or take it down.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  act(@Param('id') id: string, @Body() body: unknown): Promise<OwnPrayerRequests> {
    const { token, ...change } = (body ?? {}) as Record<string, unknown>;
    const parsedToken = parseOrThrow(prayerTokenSchema, { token }).token;
    return this.rpc.send(FormsSubjects.prayerOwner.act, { token: parsedToken, id, change: parseOrThrow(ownerActionBodySchema, change) });
  }
}
