import { SERVICE_CONFIG, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../config';
import { UsersService } from './users.service';

/** The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD at first start. */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  constructor(
    private readonly users: UsersService,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap() {
    const { username, password, email } = this.config.admin;
    const result = await this.users.ensureAdmin(username, password, email);
    if (result === 'created') this.logger.info({ username }, 'created the first admin');
  }
}
