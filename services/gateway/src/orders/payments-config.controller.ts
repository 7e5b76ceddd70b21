import type { PaymentsConfig } from '@km/contracts';
import { Public, UnavailableError } from '@km/nest-kit';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** Lets the SPA learn at run time which Stripe.js and key to use, so one build runs against Stripe or the emulator. */
@ApiTags('payments')
@Controller('api/config')
export class PaymentsConfigController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('payments')
  @Public()
  @ApiOperation({ summary: '{publishableKey, stripeJsUrl} for loading Stripe.js; 503 while card payments are not configured.' })
  payments(): PaymentsConfig {
    const { publishableKey, stripeJsUrl } = this.config.payments;
    if (!publishableKey) throw new UnavailableError('Card payments are not configured on this server yet.');
    return { publishableKey, stripeJsUrl };
  }
}
