import { SERVICES, type ServiceDefinition } from '@km/registry';
import type { DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from './config';

interface RoutesModule {
  forRoot(config: GatewayConfig): DynamicModule;
}

const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());

/**
 * The route modules of every service the registry marks `gatewayRoutes`, found by convention:
 * `src/<name>/<name>.module.ts` exports `<Name>Module` with `forRoot(config)`. A new service's routes are then its
 * folder plus its registry entry, with no list here to keep (issue 9).
 */
export function serviceRouteModules(config: GatewayConfig, services: readonly ServiceDefinition[] = SERVICES): DynamicModule[] {
  return services
    .filter((service) => service.gatewayRoutes)
    .map((service) => {
      const file = `./${service.name}/${service.name}.module`;
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by name from the registry, on purpose
      const exported = require(file) as Record<string, RoutesModule | undefined>;
      const module = exported[`${pascal(service.name)}Module`];
      if (typeof module?.forRoot !== 'function') {
        throw new Error(`${file} must export ${pascal(service.name)}Module with forRoot(config) (registry: gatewayRoutes of "${service.name}")`);
      }
      return module.forRoot(config);
    });
}
