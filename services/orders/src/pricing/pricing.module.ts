import { Module } from '@nestjs/common';
import { CartPricing } from './cart-pricing';
import { CatalogPrices } from './catalog-prices.service';

/** Carts priced from this replica's copy of the catalog (ADR 0022), with a member's discount asked of membership. */
@Module({
  providers: [CatalogPrices, CartPricing],
  exports: [CartPricing],
})
export class PricingModule {}
