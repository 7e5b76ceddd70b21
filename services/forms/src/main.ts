import 'reflect-metadata';
import { bootstrapService, exitOnStartupFailure } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadFormsConfig } from './config';

async function main() {
  const config = loadFormsConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'forms', ...config });
}

main().catch(exitOnStartupFailure('forms'));
