import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { CatalogConfig } from '../config';
import { StockService } from './stock.service';

/**
 * Gives back what expired reservations hold (ADR 0032). A guarded sweep rather than a job per reservation: each
 * intent is released under its lock and only while it is held, so every replica may sweep and nothing is released twice.
 */
@Injectable()
export class ReservationSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly stock: StockService,
    @Inject(SERVICE_CONFIG) private readonly config: CatalogConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.stock
        .releaseExpired()
        .then((released) => released > 0 && this.logger.info({ released }, 'released expired stock reservations'))
        .catch((error) => this.logger.warn({ err: error }, 'could not release expired stock reservations; trying again'))
        .finally(() => (this.running = undefined));
    }, this.config.reservationSweepMs);
    this.timer.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }
}
