import { IdentitySubjects, type PublicUser } from '@km/contracts';
import { RpcClient } from '@km/nest-kit';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy as CustomStrategy } from 'passport-custom';
import { Strategy as LocalStrategy } from 'passport-local';
import { SESSION_COOKIE } from './session-cookie';

/** Username + password, checked by the identity service. */
@Injectable()
export class PasswordStrategy extends PassportStrategy(LocalStrategy, 'local') {
  constructor(private readonly rpc: RpcClient) {
    super({ usernameField: 'username', passwordField: 'password' });
  }

  validate(username: string, password: string): Promise<PublicUser> {
    return this.rpc.send(IdentitySubjects.verifyCredentials, { username, password });
  }
}

/** The opaque session cookie, resolved by the identity service on every request that carries one. */
@Injectable()
export class SessionCookieStrategy extends PassportStrategy(CustomStrategy, 'session') {
  constructor(private readonly rpc: RpcClient) {
    super();
  }

  async validate(req: FastifyRequest): Promise<PublicUser | false> {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return false;
    const { user } = await this.rpc.send(IdentitySubjects.resolveSession, { token });
    return user ?? false;
  }
}
