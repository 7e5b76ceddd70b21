import { DynamicModule, Global, Module } from '@nestjs/common';
import { createLogger } from '../logging/logger';
import { MAIL_LOGGER, MAIL_SERVICE_NAME, MAIL_SETTINGS, MailService } from './mail.service';
import type { MailSettings } from './mail.types';

@Global()
@Module({})
export class MailModule {
  static forRoot(settings: MailSettings, serviceName: string, logLevel = 'info'): DynamicModule {
    return {
      module: MailModule,
      providers: [
        { provide: MAIL_SETTINGS, useValue: settings },
        { provide: MAIL_LOGGER, useValue: createLogger(`${serviceName}-mail`, logLevel) },
        { provide: MAIL_SERVICE_NAME, useValue: serviceName },
        MailService,
      ],
      exports: [MailService],
    };
  }
}
