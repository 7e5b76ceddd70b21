import 'reflect-metadata';
import { bootstrapService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadFormsConfig } from './config';

async function main() {
  const config = loadFormsConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'forms', ...config });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
