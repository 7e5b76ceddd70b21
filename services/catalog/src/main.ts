import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadCatalogConfig } from './config';

void runService({ name: 'catalog', module: (config) => AppModule.forRoot(config), loadConfig: loadCatalogConfig });
