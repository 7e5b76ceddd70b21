import { ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { StorageModule } from '@km/nest-kit/storage';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateCatalogItems1763700000200 } from '../migrations/1763700000200-create-catalog-items';
import { CatalogImageRenditions1764000000200 } from '../migrations/1764000000200-catalog-image-renditions';
import { Stock1764100000200 } from '../migrations/1764100000200-stock';
import { ItemSlugs1764100000220 } from '../migrations/1764100000220-item-slugs';
import { BackInStock1764200000200 } from '../migrations/1764200000200-back-in-stock';
import { BackInStockHandlers } from './back-in-stock/back-in-stock.handlers';
import { BackInStockService } from './back-in-stock/back-in-stock.service';
import type { CatalogConfig } from './config';
import { DemoSeeder } from './demo/demo-seeder';
import { CatalogItem } from './items/catalog-item.entity';
import { ItemsHandlers } from './items/items.handlers';
import { ItemsService } from './items/items.service';
import { StockMailConsumer } from './mail/stock-mail.consumer';
import { ReservationSweeper } from './stock/reservation-sweeper';
import { StockOrdersConsumer } from './stock/stock-orders.consumer';
import { setLowStockThreshold } from './stock/stock-rules';
import { StockHandlers } from './stock/stock.handlers';
import { StockService } from './stock/stock.service';

@Module({})
export class AppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    setLowStockThreshold(config.lowStockThreshold);
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          name: 'catalog',
          config,
          entities: [CatalogItem],
          migrations: [
            CreateCatalogItems1763700000200,
            CatalogImageRenditions1764000000200,
            Stock1764100000200,
            ItemSlugs1764100000220,
            BackInStock1764200000200,
          ],
        }),
        StorageModule.forRoot(config.storage),
        MailModule.forRoot(config.mail, 'catalog', config.logLevel),
      ],
      controllers: [ItemsHandlers, StockHandlers, BackInStockHandlers],
      providers: [ItemsService, DemoSeeder, StockService, StockOrdersConsumer, ReservationSweeper, BackInStockService, StockMailConsumer],
    };
  }
}
