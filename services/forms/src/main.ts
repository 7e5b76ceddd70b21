import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadFormsConfig } from './config';

void runService({ name: 'forms', module: (config) => AppModule.forRoot(config), loadConfig: loadFormsConfig });
