import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadOrdersConfig } from './config';

void runService({ name: 'orders', module: (config) => AppModule.forRoot(config), loadConfig: loadOrdersConfig });
