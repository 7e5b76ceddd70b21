import 'reflect-metadata';
import { bootstrapService, exitOnStartupFailure } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadCatalogConfig } from './config';

async function main() {
  const config = loadCatalogConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'catalog', ...config });
}

main().catch(exitOnStartupFailure('catalog'));
