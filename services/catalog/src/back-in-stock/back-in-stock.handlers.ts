import {
  backInStockRequestSchema,
  backInStockUnsubscribeSchema,
  CatalogSubjects,
  type BackInStockAccepted,
  type BackInStockUnsubscribed,
} from '@km/contracts/catalog';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BackInStockService } from './back-in-stock.service';

/** NATS patterns only: the gateway's "Email me when it's back" form and the unsubscribe link of its email (ADR 0050). */
@Controller()
export class BackInStockHandlers {
  constructor(private readonly backInStock: BackInStockService) {}

  @MessagePattern(CatalogSubjects.backInStockSubscribe)
  subscribe(@Payload() payload: unknown): Promise<BackInStockAccepted> {
    return this.backInStock.subscribe(parseOrThrow(backInStockRequestSchema, payload));
  }

  @MessagePattern(CatalogSubjects.backInStockUnsubscribe)
  unsubscribe(@Payload() payload: unknown): Promise<BackInStockUnsubscribed> {
    return this.backInStock.unsubscribe(parseOrThrow(backInStockUnsubscribeSchema, payload).token);
  }
}
