import { ServiceKitModule } from '@km/nest-kit';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateUsersAndSessions1763700000100 } from '../migrations/1763700000100-create-users-and-sessions';
import type { IdentityConfig } from './config';
import { IdentityHandlers } from './identity.handlers';
import { Session } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { AdminSeeder } from './users/admin-seeder';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';

@Module({})
export class AppModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          name: 'identity',
          config,
          entities: [User, Session],
          migrations: [CreateUsersAndSessions1763700000100],
        }),
      ],
      controllers: [IdentityHandlers],
      providers: [UsersService, SessionsService, AdminSeeder],
    };
  }
}
