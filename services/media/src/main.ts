import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';

void runService({ name: 'media', module: (config) => AppModule.forRoot(config), loadConfig: loadMediaConfig });
