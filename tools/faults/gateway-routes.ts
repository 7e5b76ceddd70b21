import { ACCESS_METADATA, type DeclaredAccess } from '@km/nest-kit';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from '../stack/config';
import { stack } from './stack';

/**
 * The gateway's routes as Nest's metadata declares them (its compiled module tree, built from the same config as the
 * gateway that runs): the authorization matrix and the encoded-path sweep both walk this list, so a new route is
 * covered by both without anyone listing it.
 */
export interface Route {
  method: string;
  path: string;
  access: DeclaredAccess | undefined;
  handler: string;
}

/** Every controller route of the gateway's module tree, with its declared access (handler first, then its controller). */
export function gatewayRoutes(): Route[] {
  const load = createRequire(path.join(ROOT, 'services', 'gateway', 'dist', 'src', 'main.js'));
  const { GatewayModule } = load('./app.module') as { GatewayModule: { forRoot(config: unknown): DynamicModule } };
  const { loadGatewayConfig } = load('./config') as { loadGatewayConfig(env: Record<string, string>): unknown };
  const controllers = new Set<Type>();
  const seen = new Set<unknown>();
  const walk = (entry: unknown) => {
    if (!entry || seen.has(entry)) return;
    seen.add(entry);
    const dynamic = typeof entry === 'object' ? (entry as DynamicModule) : undefined;
    const moduleClass = (dynamic?.module ?? entry) as Type;
    for (const c of [...(dynamic?.controllers ?? []), ...((Reflect.getMetadata('controllers', moduleClass) as Type[] | undefined) ?? [])]) controllers.add(c);
    for (const i of [...(dynamic?.imports ?? []), ...((Reflect.getMetadata('imports', moduleClass) as unknown[] | undefined) ?? [])]) walk(i);
  };
  walk(GatewayModule.forRoot(loadGatewayConfig(stack.gatewayEnv)));

  const scanner = new MetadataScanner();
  const join = (...parts: string[]) => `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return [...controllers].flatMap((controller) => {
    const base = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '')[0];
    return scanner.getAllMethodNames(controller.prototype).flatMap((name) => {
      const handler = controller.prototype[name] as object;
      const sub = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (sub === undefined) return [];
      const access = (Reflect.getMetadata(ACCESS_METADATA, handler) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as DeclaredAccess | undefined;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      return ([] as string[]).concat(sub).map((p) => ({ method, path: join(base, p), access, handler: `${controller.name}.${name}` }));
    });
  });
}

/** A minimal request: path parameters filled with a value no row has, an empty JSON object as the body of a write. */
export const concrete = (routePath: string) => routePath.replace(/:\w+/g, 'fault-matrix').replace(/\*\w*/g, 'fault-matrix/none.txt');
