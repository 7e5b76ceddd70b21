import 'reflect-metadata';
import { bootstrapService, exitOnStartupFailure } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadIdentityConfig } from './config';

async function main() {
  const config = loadIdentityConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'identity', ...config });
}

main().catch(exitOnStartupFailure('identity'));
