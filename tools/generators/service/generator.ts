import { formatFiles, generateFiles, names, type Tree } from '@nx/devkit';
import { RESERVED, SERVICES } from '@km/registry';
import path from 'node:path';

export interface ServiceGeneratorSchema {
  name: string;
}

const REGISTRY = 'libs/registry/src/services.ts';
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** What the templates and the edits need to know about the new service. */
export interface NewService {
  name: string;
  className: string;
  propertyName: string;
  database: string;
  index: number;
}

export function describeService(name: string, taken = [...SERVICES, ...RESERVED] as readonly { name: string; index: number }[]): NewService {
  if (!NAME.test(name)) throw new Error(`"${name}" is not a service name: use lower-case letters, digits and dashes, starting with a letter (e.g. media)`);
  const existing = SERVICES.find((s) => s.name === name);
  if (existing) throw new Error(`${name} is already a service (libs/registry/src/services.ts)`);
  const reserved = RESERVED.find((s) => s.name === name);
  const { className, propertyName } = names(name);
  return {
    name,
    className,
    propertyName,
    database: name.replace(/-/g, '_'),
    // a reserved service keeps the port index the registry kept for it; a new one takes the next free index
    index: reserved?.index ?? Math.max(...taken.map((s) => s.index)) + 1,
  };
}

/** The registry entry of libs/registry/src/services.ts: the one place the stack, the harnesses and the deploy checks read. */
export function addRegistryEntry(source: string, s: NewService): string {
  let out = source;
  const firstImportEnd = out.indexOf('\n', out.indexOf('import ')) + 1;
  out = `${out.slice(0, firstImportEnd)}import { ${s.className}Events, ${s.className}Subjects } from '@km/contracts/${s.name}';\n${out.slice(firstImportEnd)}`;
  // a reserved name leaves the reserved list: it is a service now
  out = out.replace(new RegExp(`\\n\\s*\\{ name: '${s.name}', index: \\d+, database: '[a-z_]+' \\},`), '');
  const gateway = out.indexOf("  {\n    name: 'gateway',");
  if (gateway < 0) throw new Error(`${REGISTRY}: the gateway's entry (which must stay last) was not found`);
  const entry = [
    '  {',
    `    name: '${s.name}',`,
    `    index: ${s.index},`,
    `    database: '${s.database}',`,
    '    needs: [],',
    '    gatewayRoutes: true,',
    `    bus: { answers: all(${s.className}Subjects), requests: [], publishesEvents: all(${s.className}Events), consumers: [] },`,
    '  },',
    '',
  ].join('\n');
  out = out.slice(0, gateway) + entry + out.slice(gateway);
  // the gateway asks the new service's subjects (its routes module calls them)
  const requests = out.indexOf('requests: [', out.indexOf("    name: 'gateway',"));
  if (requests < 0) throw new Error(`${REGISTRY}: the gateway's bus.requests list was not found`);
  const close = out.indexOf(']', requests);
  const listed = out.slice(requests + 'requests: ['.length, close).replace(/[\s,]+$/, '');
  return `${out.slice(0, requests)}requests: [${listed}${listed ? ', ' : ''}...all(${s.className}Subjects)]${out.slice(close + 1)}`;
}

/**
 * `npm run new:service -- <name>`: the service folder (main, config, a sample handler with its unit test, an
 * integration test), its contracts (`@km/contracts/<name>`), its gateway routes module, its registry entry, and its
 * compose and k8s entries. The CLI (cli.ts) then installs, builds the libraries and renders the NATS permissions.
 */
export async function serviceGenerator(tree: Tree, schema: ServiceGeneratorSchema): Promise<NewService> {
  const service = describeService(schema.name);
  if (tree.exists(`services/${service.name}`)) throw new Error(`services/${service.name} already exists`);
  generateFiles(tree, path.join(__dirname, 'files'), '.', { ...service, tmpl: '' });
  tree.write(REGISTRY, addRegistryEntry(tree.read(REGISTRY, 'utf-8') ?? '', service));
  await formatFiles(tree);
  return service;
}

export default serviceGenerator;
