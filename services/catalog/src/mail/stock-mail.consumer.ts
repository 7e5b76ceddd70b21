import { CatalogStockEvents, type TypedEvent } from '@km/contracts';
import { ConsumerService, EventConsumerKit, SERVICE_CONFIG } from '@km/nest-kit';
import { MailService } from '@km/nest-kit/mail';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BackInStockService } from '../back-in-stock/back-in-stock.service';
import type { CatalogConfig } from '../config';
import { getLowStockThreshold } from '../stock/stock-rules';
import { backInStockMail, lowStockAlertMail, type MailedProduct } from './stock-mails';

type StockMailEvent = (typeof CatalogStockEvents)[keyof typeof CatalogStockEvents];

/**
 * The stock emails (ADR 0050), from the events the stock changes commit with. A durable consumer handles each event
 * once; the low-stock alert is keyed by its event, each back-in-stock mail by its claimed row and the event, so a
 * redelivery after a crash between queueing and commit queues nothing twice.
 */
@Injectable()
export class StockMailConsumer extends ConsumerService<StockMailEvent> {
  constructor(
    kit: EventConsumerKit,
    private readonly mail: MailService,
    private readonly backInStock: BackInStockService,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogConfig,
  ) {
    super(kit, { durable: 'catalog-stock-mail', types: Object.values(CatalogStockEvents) });
  }

  protected async handle(event: TypedEvent<StockMailEvent>, manager: EntityManager) {
    const { productId } = event.data;
    const [product]: (MailedProduct & { stock_quantity: number | null })[] = await manager.query(
      `SELECT id, name, slug, stock_quantity FROM catalog_items WHERE id = $1`,
      [productId],
    );
    if (!product) {
      this.logger.warn({ eventId: event.id, productId }, 'product deleted before its stock mail; none sent');
      return;
    }
    const origin = this.config.publicOrigin;
    switch (event.type) {
      case CatalogStockEvents.ranLow: {
        const { quantity } = event.data as TypedEvent<typeof CatalogStockEvents.ranLow>['data'];
        await this.mail.send(`low-stock:${event.id}`, lowStockAlertMail(product, quantity, getLowStockThreshold(), this.config.staffAlertEmail, origin));
        return;
      }
      case CatalogStockEvents.cameBack: {
        // Sold out again before this ran: the addresses keep waiting for the next time it comes back.
        if (!product.stock_quantity) return;
        for (;;) {
          const claimed = await this.backInStock.claimWaiting(manager, productId);
          if (claimed.length === 0) return;
          await this.mail.sendMany(
            claimed.map((row) => ({ key: `back-in-stock:${row.id}:${event.id}`, mail: backInStockMail(product, row.email, row.token, origin) })),
          );
        }
      }
    }
  }
}
