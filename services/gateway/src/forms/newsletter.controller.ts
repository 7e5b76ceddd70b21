import { FormsSubjects, newsletterSubscribeSchema, newsletterUnsubscribeSchema, type NewsletterSubscribeRequest } from '@km/contracts/forms';
import { parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { Controller, Get, Logger, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { FormsBudgeted } from '../http/budget-guards';
import { sendUnsubscribePage, unsubscribedPage } from '../http/unsubscribe-page';

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
      'Subscribe an email address to the newsletter (anyone). 201 {email, message} whether this subscribed it (a welcome email follows) or it already was, so nobody learns who is subscribed.',
  })
  @ApiZodBody(newsletterSubscribeSchema)
  async subscribe(@ZodBody(newsletterSubscribeSchema) body: NewsletterSubscribeRequest, @Res() res: FastifyReply): Promise<void> {
    const { email } = await this.rpc.send(FormsSubjects.newsletterSubscribe, body);
    await res.status(201).send({ email, message: 'Thank you for subscribing to our newsletter.' });
  }

  @Get('unsubscribe')
  @Public()
  @ApiOperation({
    summary:
      'The unsubscribe link of our emails (no sign-in). Answers an HTML page: 200 "You have been unsubscribed" (also when already unsubscribed), 400 for a missing or malformed token, 404 for an unknown one.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribe(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(newsletterUnsubscribeSchema, { token: typeof token === 'string' ? token : undefined });
      const result = await this.rpc.send(FormsSubjects.newsletterUnsubscribe, request);
      return unsubscribedPage(result.email);
    });
  }
}
