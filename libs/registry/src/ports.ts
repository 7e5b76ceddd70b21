import { RESERVED, SERVICES, type ServiceDefinition } from './services';

/** One port scheme (ADR 0003, ADR 0005): containers, k8s and `npm start` use 3000 + index; `npm test` uses 3900 + index. */
export const PORT_BASE = { container: 3000, dev: 3000, test: 3900 } as const;

export type PortScheme = keyof typeof PORT_BASE;

export const servicePort = (service: Pick<ServiceDefinition, 'index'>, scheme: PortScheme): number => PORT_BASE[scheme] + service.index;

export type ServiceName = (typeof SERVICES)[number]['name'];

export const serviceNamed = (name: string): ServiceDefinition => {
  const found = (SERVICES as readonly ServiceDefinition[]).find((s) => s.name === name);
  if (!found) throw new Error(`no service named "${name}" in libs/registry`);
  return found;
};

/** Every database the platform creates: the services' and the reserved ones', in index order. */
export const DATABASES: string[] = [...(SERVICES as readonly ServiceDefinition[]), ...RESERVED]
  .filter((s): s is typeof s & { database: string } => s.database !== null)
  .sort((a, b) => a.index - b.index)
  .map((s) => s.database);

/** The services whose bus access includes anything: every app service has a NATS user. */
export const hasNeed = (service: Pick<ServiceDefinition, 'needs'>, need: ServiceDefinition['needs'][number]): boolean => service.needs.includes(need);
