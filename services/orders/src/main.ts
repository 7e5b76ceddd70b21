import 'reflect-metadata';
import { bootstrapService, exitOnStartupFailure } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadOrdersConfig } from './config';

async function main() {
  const config = loadOrdersConfig();
  await bootstrapService(AppModule.forRoot(config), { name: 'orders', ...config });
}

main().catch(exitOnStartupFailure('orders'));
