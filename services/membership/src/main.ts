import { runService } from '@km/nest-kit';
import { AppModule } from './app.module';
import { loadMembershipConfig } from './config';

void runService({ name: 'membership', module: (config) => AppModule.forRoot(config), loadConfig: loadMembershipConfig });
