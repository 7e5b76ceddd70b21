import { DynamicModule, Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ObjectStorage } from './object-storage';
import type { StorageOptions } from './storage-config';

@Injectable()
class ObjectStorageCloser implements OnApplicationShutdown {
  constructor(private readonly storage: ObjectStorage) {}
  onApplicationShutdown() {
    this.storage.close();
  }
}

/** Provides one {@link ObjectStorage} to the whole app. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(options: StorageOptions): DynamicModule {
    return {
      module: StorageModule,
      providers: [{ provide: ObjectStorage, useFactory: () => new ObjectStorage(options) }, ObjectStorageCloser],
      exports: [ObjectStorage],
    };
  }
}
