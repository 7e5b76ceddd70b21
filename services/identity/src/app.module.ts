import { ServiceKitModule } from '@km/nest-kit';
import { MailModule } from '@km/nest-kit/mail';
import { DynamicModule, Module } from '@nestjs/common';
import { CreateUsersAndSessions1763700000100 } from '../migrations/1763700000100-create-users-and-sessions';
import { MemberUsersAndLinks1763700000101 } from '../migrations/1763700000101-member-users-and-links';
import { EmailOwnership1763700000110 } from '../migrations/1763700000110-email-ownership';
import { SessionIdleAndAdminTotp1763700000200 } from '../migrations/1763700000200-session-idle-and-admin-totp';
import { StaffRoles1764100000120 } from '../migrations/1764100000120-staff-roles';
import { StaffInvitations1764200000100 } from '../migrations/1764200000100-staff-invitations';
import { AccountHandlers } from './account.handlers';
import type { IdentityConfig } from './config';
import { IdentityHandlers } from './identity.handlers';
import { MemberLinksService } from './users/member-links.service';
import { PasswordChangeService } from './passwords/password-change.service';
import { Session } from './sessions/session.entity';
import { SessionsService } from './sessions/sessions.service';
import { StaffHandlers } from './staff/staff.handlers';
import { StaffService } from './staff/staff.service';
import { SecondFactorService } from './totp/second-factor.service';
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
          migrations: [
            CreateUsersAndSessions1763700000100,
            MemberUsersAndLinks1763700000101,
            EmailOwnership1763700000110,
            SessionIdleAndAdminTotp1763700000200,
            StaffRoles1764100000120,
            StaffInvitations1764200000100,
          ],
        }),
        MailModule.forRoot(config.mail, 'identity', config.logLevel),
      ],
      controllers: [IdentityHandlers, AccountHandlers, StaffHandlers],
      providers: [UsersService, SessionsService, AdminSeeder, MemberLinksService, SecondFactorService, PasswordChangeService, StaffService],
    };
  }
}
