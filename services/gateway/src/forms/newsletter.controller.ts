import {
  FormsSubjects,
  newsletterConfirmSchema,
  newsletterSubscribeSchema,
  newsletterUnsubscribeSchema,
  type NewsletterSubscribeRequest,
} from '@km/contracts/forms';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, HttpCode, Logger, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { FormsBudgeted } from '../http/budget-guards';
import { sendUnsubscribePage, unsubscribedPage } from '../http/unsubscribe-page';

const queryToken = (token: unknown) => ({ token: typeof token === 'string' ? token : undefined });

@ApiTags('forms')
@Controller('api/newsletter-subscriptions')
export class NewsletterController {
  private readonly logger = new Logger('Newsletter');

  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @Public()
  @FormsBudgeted()
  @ApiOperation({
    summary:
      'Subscribe an email address to the newsletter (anyone). 201 {email, message} whether this asked the address for confirmation (an email with a signed link follows, ADR 0055) or it already was subscribed, so nobody learns who is subscribed.',
  })
  @ApiZodBody(newsletterSubscribeSchema)
  async subscribe(@ZodBody(newsletterSubscribeSchema) body: NewsletterSubscribeRequest, @Res() res: FastifyReply): Promise<void> {
    const { email } = await this.rpc.send(FormsSubjects.newsletterSubscribe, { email: body.email, source: 'footer' });
    await res.status(201).send({ email, message: 'Thank you for subscribing to our newsletter.' });
  }

  @Get('confirm')
  @Public()
  @ApiOperation({
    summary:
      'The confirmation link of the double opt-in email (no sign-in). Answers an HTML page with a button that POSTs the same URL; a GET confirms nothing, since mail scanners open links (ADR 0055). 400 for a missing or malformed token.',
  })
  @ApiQuery({ name: 'token', required: true })
  async confirmPage(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(
      res,
      this.logger,
      async () => {
        const request = parseOrThrow(newsletterConfirmSchema, queryToken(token));
        return {
          status: 200,
          title: 'Confirm your subscription',
          message: 'Press the button to confirm that you want to receive the Kingdom Marketplace newsletter at this address.',
          action: { label: 'Confirm my subscription', url: `/api/newsletter-subscriptions/confirm?token=${encodeURIComponent(request.token)}` },
        };
      },
      'confirmation',
    );
  }

  @Post('confirm')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Confirms the address a signed, unexpired confirmation link names (ADR 0055). Answers an HTML page: 200 "Your subscription is confirmed" (also when it already was), 400 for a forged, malformed or expired token or an address that unsubscribed since.',
  })
  @ApiQuery({ name: 'token', required: true })
  async confirm(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(
      res,
      this.logger,
      async () => {
        const result = await this.rpc.send(FormsSubjects.newsletterConfirm, parseOrThrow(newsletterConfirmSchema, queryToken(token)));
        return {
          status: 200,
          title: 'Your subscription is confirmed',
          message: `${result.email} will receive the Kingdom Marketplace newsletter. Every issue has a link to unsubscribe.`,
        };
      },
      'confirmation',
    );
  }

  @Get('unsubscribe')
  @Public()
  @ApiOperation({
    summary:
      'The unsubscribe link of our emails (no sign-in). Answers an HTML page with a button that POSTs the same URL; a GET unsubscribes nobody, since mail scanners open links (ADR 0056). 400 for a missing or malformed token.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribePage(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(newsletterUnsubscribeSchema, queryToken(token));
      return {
        status: 200,
        title: 'Unsubscribe from the newsletter?',
        message: 'Press the button and this address will no longer receive the Kingdom Marketplace newsletter.',
        action: { label: 'Unsubscribe', url: `/api/newsletter-subscriptions/unsubscribe?token=${encodeURIComponent(request.token)}` },
      };
    });
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      'Unsubscribes (the page\'s button, and RFC 8058 one-click: List-Unsubscribe-Post "List-Unsubscribe=One-Click" from mail clients, no sign-in, ADR 0056). Answers an HTML page: 200 "You have been unsubscribed" (also when already unsubscribed), 400 for a missing or malformed token, 404 for an unknown one.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribe(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const result = await this.rpc.send(FormsSubjects.newsletterUnsubscribe, parseOrThrow(newsletterUnsubscribeSchema, queryToken(token)));
      return unsubscribedPage(result.email);
    });
  }
}
