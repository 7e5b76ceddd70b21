import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadIdentityConfig } from './config';

void runService({ name: 'identity', module: (config) => AppModule.forRoot(config), loadConfig: loadIdentityConfig });
