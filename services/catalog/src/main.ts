import 'reflect-metadata';
import { bootstrapService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadCatalogConfig } from './config';

async function main() {
  const config = loadCatalogConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'catalog', ...config });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
