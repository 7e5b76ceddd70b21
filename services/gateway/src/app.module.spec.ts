import assert from 'node:assert/strict';
import { SERVICES } from '@km/registry';
import { SERVICE_ROUTES } from './app.module';

describe('the gateway’s service route modules', () => {
  it('are those of every service the registry marks gatewayRoutes, and of no other', () => {
    const marked = SERVICES.filter((s) => s.gatewayRoutes).map((s) => s.name);
    assert.deepEqual(Object.keys(SERVICE_ROUTES).sort(), [...marked].sort());
  });

  it('are each service’s own <Name>Module (src/<name>/<name>.module.ts)', () => {
    const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());
    for (const [name, routes] of Object.entries(SERVICE_ROUTES)) assert.equal(routes.name, `${pascal(name)}Module`, name);
  });
});
