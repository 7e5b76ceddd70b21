import { DynamicModule, Global, Module } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { MediaCopies } from './media-copies';
import { ObjectInfoCache } from './object-info-cache';

/** What `/media/*` and the feed's enclosures are served through: object infos and the local copies (ADR 0023). */
@Global()
@Module({})
export class MediaFilesModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: MediaFilesModule,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ObjectInfoCache, MediaCopies],
      exports: [ObjectInfoCache, MediaCopies],
    };
  }
}
