import { formatFiles, generateFiles, names, type Tree } from '@nx/devkit';
import { RESERVED, SERVICES } from '@km/registry';
import path from 'node:path';

export interface ServiceGeneratorSchema {
  name: string;
}

const REGISTRY = 'libs/registry/src/services.ts';
const COMPOSE = 'docker-compose.yml';
const KUSTOMIZATION = 'k8s/base/kustomization.yaml';
const GATEWAY_MODULE = 'services/gateway/src/app.module.ts';
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** What the templates and the edits need to know about the new service. */
export interface NewService {
  name: string;
  className: string;
  propertyName: string;
  database: string;
  index: number;
  /** HTTP port in containers and k8s (3000 + index). */
  port: number;
  /** The variable that carries its NATS password to nats-server. */
  natsPasswordEnv: string;
}

export function describeService(name: string, taken = [...SERVICES, ...RESERVED] as readonly { name: string; index: number }[]): NewService {
  if (!NAME.test(name)) throw new Error(`"${name}" is not a service name: use lower-case letters, digits and dashes, starting with a letter (e.g. media)`);
  const existing = SERVICES.find((s) => s.name === name);
  if (existing) throw new Error(`${name} is already a service (libs/registry/src/services.ts)`);
  // RESERVED may be empty (then TypeScript types its entries as never)
  const reserved = (RESERVED as readonly { name: string; index: number }[]).find((s) => s.name === name);
  const { className, propertyName } = names(name);
  const index = reserved?.index ?? Math.max(...taken.map((s) => s.index)) + 1;
  return {
    name,
    className,
    propertyName,
    database: name.replace(/-/g, '_'),
    // a reserved service keeps the port index the registry kept for it; a new one takes the next free index
    index,
    port: 3000 + index,
    natsPasswordEnv: `NATS_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PASSWORD`,
  };
}

/** The registry entry of libs/registry/src/services.ts: the one place the stack, the harnesses and the deploy checks read. */
export function addRegistryEntry(source: string, s: NewService): string {
  let out = source;
  const firstImport = out.indexOf('import ');
  out = `${out.slice(0, firstImport)}import { ${s.className}Events, ${s.className}Subjects } from '@km/contracts/${s.name}';\n${out.slice(firstImport)}`;
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
 * services/gateway/src/app.module.ts: an import of the service's routes module and its line in `SERVICE_ROUTES`, the
 * list the gateway wires (its spec holds the list to the registry's `gatewayRoutes`).
 */
export function addGatewayRoutes(source: string, s: NewService): string {
  const imports = [...source.matchAll(/^import .*;$/gm)].at(-1);
  if (!imports) throw new Error(`${GATEWAY_MODULE}: no import line was found`);
  const end = imports.index + imports[0].length + 1;
  let out = `${source.slice(0, end)}import { ${s.className}Module } from './${s.name}/${s.name}.module';\n${source.slice(end)}`;
  const list = out.indexOf('export const SERVICE_ROUTES = {');
  const close = out.indexOf('\n} as const', list);
  if (list < 0 || close < 0) throw new Error(`${GATEWAY_MODULE}: the SERVICE_ROUTES list was not found`);
  const key = /^[a-z][a-z0-9]*$/.test(s.name) ? s.name : `'${s.name}'`;
  out = `${out.slice(0, close)}\n  ${key}: ${s.className}Module,${out.slice(close)}`;
  return out;
}

/** Inserts `text` before the first line at or after `from` that starts with `marker`. */
function insertBefore(source: string, marker: string, text: string, file: string, from = 0): string {
  const at = source.indexOf(marker, from);
  if (at < 0) throw new Error(`${file}: "${marker.trim()}" was not found`);
  return source.slice(0, at) + text + source.slice(at);
}

/** Inserts `line` after the last line matching `pattern` (a per-service list such as the NATS passwords). */
function appendToList(source: string, pattern: RegExp, line: string, file: string): string {
  const matches = [...source.matchAll(new RegExp(pattern.source, 'gm'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`${file}: no line matches ${pattern}`);
  const end = source.indexOf('\n', last.index) + 1;
  return source.slice(0, end) + line + '\n' + source.slice(end);
}

/** Adds the database to a comma-separated list (`POSTGRES_DATABASES…`), unless a reserved name already has it there. */
function addDatabase(source: string, key: RegExp, database: string, file: string): string {
  const match = key.exec(source);
  if (!match) throw new Error(`${file}: ${key} was not found`);
  const list = match[2].split(',');
  if (list.includes(database)) return source;
  return source.replace(key, `$1${[...list, database].join(',')}`);
}

/** docker-compose.yml: the service's block, the gateway waiting for it, its NATS password, its database. */
export function addComposeService(source: string, s: NewService): string {
  const file = 'docker-compose.yml';
  const block = [
    `  ${s.name}:`,
    '    <<: *app-defaults',
    '    build:',
    '      context: .',
    '      dockerfile: Dockerfile',
    '      args:',
    `        SERVICE: ${s.name}`,
    `        HTTP_PORT: "${s.port}"`,
    `    image: \${IMAGE_REGISTRY:-kingdom-marketplace}/${s.name}:\${IMAGE_TAG:-local}`,
    '    environment:',
    '      <<: *app-env',
    `      SERVICE_NAME: ${s.name}`,
    `      NATS_URL: nats://${s.name}:\${${s.natsPasswordEnv}:-nats-${s.name}-dev-only}@nats:4222`,
    `      HTTP_PORT: "${s.port}"`,
    `      DATABASE_URL: postgres://\${POSTGRES_USER:-kingdom}:\${POSTGRES_PASSWORD:-postgres-dev-only}@postgres:5432/${s.database}`,
    '    depends_on:',
    '      postgres:',
    '        condition: service_healthy',
    '      nats:',
    '        condition: service_healthy',
    '    healthcheck: *app-healthcheck',
    '',
    '',
  ].join('\n');
  let out = insertBefore(source, '  # ------------------------------------------------------------------ infrastructure', block, file);
  const gateway = out.indexOf('\n  gateway:\n');
  const dependsOn = out.indexOf('    depends_on:\n', gateway);
  if (gateway < 0 || dependsOn < 0) throw new Error(`${file}: the gateway's depends_on was not found`);
  const at = dependsOn + '    depends_on:\n'.length;
  out = `${out.slice(0, at)}      ${s.name}:\n        condition: service_healthy\n${out.slice(at)}`;
  out = appendToList(
    out,
    /^ {6}NATS_[A-Z0-9_]+_PASSWORD: \$\{NATS_[A-Z0-9_]+_PASSWORD:-[^}]*\}$/,
    `      ${s.natsPasswordEnv}: \${${s.natsPasswordEnv}:-nats-${s.name}-dev-only}`,
    file,
  );
  return addDatabase(out, /^( {6}POSTGRES_DATABASES: )([a-z0-9_,]+)$/m, s.database, file);
}

/** k8s/base/kustomization.yaml: the service's files, its ConfigMap, its NATS password, its database. */
export function addToKustomization(source: string, s: NewService): string {
  const file = 'k8s/base/kustomization.yaml';
  let out = insertBefore(source, '  - ingress.yaml\n', ['deployment', 'service', 'secret'].map((f) => `  - ${s.name}/${f}.yaml\n`).join(''), file);
  out = insertBefore(out, '  - name: mail-config\n', `  - name: ${s.name}-config\n    envs:\n      - ${s.name}/config.env\n`, file);
  out = appendToList(out, /^ {6}- NATS_[A-Z0-9_]+_PASSWORD=.*$/, `      - ${s.natsPasswordEnv}=change-me-nats-${s.name}-password`, file);
  return addDatabase(out, /^( {6}- POSTGRES_DATABASES=)([a-z0-9_,]+)$/m, s.database, file);
}

/**
 * `npm run new:service -- <name>`: the service folder (main, config, a sample handler with its unit test, an
 * integration test), its contracts (`@km/contracts/<name>`), its gateway routes module and its line in the gateway's
 * app.module.ts, its registry entry, and its compose and k8s entries. The CLI (cli.ts) then installs, builds the libraries and renders the NATS permissions.
 */
export async function serviceGenerator(tree: Tree, schema: ServiceGeneratorSchema): Promise<NewService> {
  const service = describeService(schema.name);
  if (tree.exists(`services/${service.name}`)) throw new Error(`services/${service.name} already exists`);
  generateFiles(tree, path.join(__dirname, 'files'), '.', { ...service, tmpl: '' });
  tree.write(REGISTRY, addRegistryEntry(tree.read(REGISTRY, 'utf-8') ?? '', service));
  tree.write(COMPOSE, addComposeService(tree.read(COMPOSE, 'utf-8') ?? '', service));
  tree.write(KUSTOMIZATION, addToKustomization(tree.read(KUSTOMIZATION, 'utf-8') ?? '', service));
  tree.write(GATEWAY_MODULE, addGatewayRoutes(tree.read(GATEWAY_MODULE, 'utf-8') ?? '', service));
  await formatFiles(tree);
  return service;
}

export default serviceGenerator;
