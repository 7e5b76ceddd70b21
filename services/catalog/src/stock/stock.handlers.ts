import {
  CatalogSubjects,
  releaseStockSchema,
  reserveStockSchema,
  stockMovementsSchema,
  type StockMovementsPage,
  type StockReleased,
  type StockReservation,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { StockService } from './stock.service';

/** NATS patterns only: orders reserves and releases; the gateway asks for an admin's movements page. */
@Controller()
export class StockHandlers {
  constructor(private readonly stock: StockService) {}

  @MessagePattern(CatalogSubjects.reserveStock)
  reserve(@Payload() payload: unknown): Promise<StockReservation> {
    return this.stock.reserve(parseOrThrow(reserveStockSchema, payload));
  }

  @MessagePattern(CatalogSubjects.releaseStock)
  release(@Payload() payload: unknown): Promise<StockReleased> {
    return this.stock.release(parseOrThrow(releaseStockSchema, payload));
  }

  @MessagePattern(CatalogSubjects.stockMovements)
  movements(@Payload() payload: unknown): Promise<StockMovementsPage> {
    return this.stock.movements(parseOrThrow(stockMovementsSchema, payload));
  }
}
