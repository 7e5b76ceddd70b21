import { createTree } from '@nx/devkit/testing';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { RESERVED, SERVICES } from '@km/registry';
import { addRegistryEntry, describeService, serviceGenerator } from './generator';

const root = path.resolve(__dirname, '..', '..', '..');
const registrySource = readFileSync(path.join(root, 'libs/registry/src/services.ts'), 'utf8');

function workspace() {
  const tree = createTree();
  // the repository's formatting, which the generator's formatFiles applies
  for (const file of ['.prettierrc', '.prettierignore']) tree.write(file, readFileSync(path.join(root, file), 'utf8'));
  tree.write('libs/registry/src/services.ts', registrySource);
  for (const file of ['docker-compose.yml', 'k8s/base/kustomization.yaml', 'services/gateway/src/app.module.ts'])
    tree.write(file, readFileSync(path.join(root, file), 'utf8'));
  return tree;
}

test('a new service gets its folder, contracts, gateway routes module and tests, named after it', async () => {
  const tree = workspace();
  await serviceGenerator(tree, { name: 'gift-cards' });
  const created = tree
    .listChanges()
    .filter((c) => c.type === 'CREATE' && c.path.includes('gift-cards'))
    .map((c) => c.path)
    .sort();
  assert.deepEqual(created, [
    'k8s/base/gift-cards/config.env',
    'k8s/base/gift-cards/deployment.yaml',
    'k8s/base/gift-cards/secret.yaml',
    'k8s/base/gift-cards/service.yaml',
    'libs/contracts/src/gift-cards/index.ts',
    'services/gateway/src/gift-cards/gift-cards.controller.ts',
    'services/gateway/src/gift-cards/gift-cards.module.ts',
    'services/gift-cards/jest.config.cjs',
    'services/gift-cards/jest.integration.config.cjs',
    'services/gift-cards/migrations/README.md',
    'services/gift-cards/package.json',
    'services/gift-cards/src/app.module.ts',
    'services/gift-cards/src/config.ts',
    'services/gift-cards/src/gift-cards.handlers.spec.ts',
    'services/gift-cards/src/gift-cards.handlers.ts',
    'services/gift-cards/src/gift-cards.service.ts',
    'services/gift-cards/src/main.ts',
    'services/gift-cards/test/gift-cards.test.ts',
    'services/gift-cards/tsconfig.json',
  ]);
  assert.equal(JSON.parse(tree.read('services/gift-cards/package.json', 'utf-8') ?? '').name, '@km/gift-cards');
  const main = tree.read('services/gift-cards/src/main.ts', 'utf-8') ?? '';
  assert.match(main, /runService\(\{ name: 'gift-cards', module: \(config\) => AppModule\.forRoot\(config\), loadConfig: loadGiftCardsConfig \}\)/);
  assert.match(tree.read('services/gateway/src/gift-cards/gift-cards.module.ts', 'utf-8') ?? '', /export class GiftCardsModule/);
  // its sample route declares its access (deny by default: a route without it fails the authorization matrix)
  assert.match(tree.read('services/gateway/src/gift-cards/gift-cards.controller.ts', 'utf-8') ?? '', /@Get\('hello'\)\n(\s*\/\/.*\n)?\s*@Public\(\)\n/);
  assert.match(tree.read('libs/contracts/src/gift-cards/index.ts', 'utf-8') ?? '', /hello: 'gift-cards\.hello'/);
  // the database name is the service's name with underscores (Postgres identifiers)
  assert.match(tree.read('services/gift-cards/test/gift-cards.test.ts', 'utf-8') ?? '', /createTestDatabase\('gift_cards'\)/);
});

test('the registry entry answers its subjects, the gateway may ask them, and the gateway stays last', async () => {
  const tree = workspace();
  await serviceGenerator(tree, { name: 'gift-cards' });
  const registry = tree.read('libs/registry/src/services.ts', 'utf-8') ?? '';
  // still TypeScript that compiles (the entry and the import land in the right places)
  assert.deepEqual(ts.transpileModule(registry, { reportDiagnostics: true }).diagnostics, []);
  const next = Math.max(...[...SERVICES, ...RESERVED].map((s) => s.index)) + 1;
  assert.match(registry, /import \{ GiftCardsEvents, GiftCardsSubjects \} from '@km\/contracts\/gift-cards';/);
  assert.match(registry, new RegExp(`name: 'gift-cards',\\s+index: ${next},\\s+database: 'gift_cards',\\s+needs: \\[\\],\\s+gatewayRoutes: true,`));
  assert.match(registry, /answers: all\(GiftCardsSubjects\), requests: \[\], publishesEvents: all\(GiftCardsEvents\)/);
  const gatewayEntry = registry.slice(registry.indexOf("name: 'gateway'"));
  assert.match(gatewayEntry, /requests: \[[^\]]*\.\.\.all\(GiftCardsSubjects\),?\s*\]/);
  assert.ok(registry.indexOf("name: 'gift-cards'") < registry.indexOf("name: 'gateway'"));
});

// media (ADR 0017) and membership (ADR 0015) were built by hand, so no name is reserved any more: the removal is
// checked on a registry that still reserves one.
test('the gateway wires its routes module by an import line and an entry in SERVICE_ROUTES', async () => {
  const tree = workspace();
  await serviceGenerator(tree, { name: 'gift-cards' });
  const gateway = tree.read('services/gateway/src/app.module.ts', 'utf-8') ?? '';
  // still TypeScript that compiles
  assert.deepEqual(ts.transpileModule(gateway, { reportDiagnostics: true }).diagnostics, []);
  assert.match(gateway, /\nimport \{ GiftCardsModule \} from '\.\/gift-cards\/gift-cards\.module';\n/);
  const routes = gateway.slice(
    gateway.indexOf('export const SERVICE_ROUTES = {'),
    gateway.indexOf('} as const', gateway.indexOf('export const SERVICE_ROUTES')),
  );
  assert.match(routes, /\n {2}'gift-cards': GiftCardsModule,\n/);
  // the services already wired stay wired
  for (const service of SERVICES.filter((s) => s.gatewayRoutes)) assert.match(routes, new RegExp(`\\n {2}'?${service.name}'?: \\w+Module,\\n`), service.name);
});

test('a reserved name takes its reserved index and leaves the reserved list', () => {
  const reservedSource = registrySource.replace(
    /export const RESERVED = \[\s*\] as const;/,
    "export const RESERVED = [\n  { name: 'gift-cards', index: 9, database: 'gift_cards' },\n] as const;",
  );
  assert.match(reservedSource, /\{ name: 'gift-cards', index: 9, database: 'gift_cards' \}/);
  const registry = addRegistryEntry(reservedSource, { ...describeService('gift-cards'), index: 9 });
  assert.doesNotMatch(registry, /\{ name: 'gift-cards', index: 9, database: 'gift_cards' \}/);
  assert.match(registry, /export const RESERVED = \[\s*\] as const;/);
  assert.match(registry, /name: 'gift-cards',\s+index: 9,/);
});

test('a taken or malformed name is refused with a message saying why', async () => {
  await assert.rejects(serviceGenerator(workspace(), { name: 'orders' }), /orders is already a service/);
  await assert.rejects(serviceGenerator(workspace(), { name: 'Gift_Cards' }), /"Gift_Cards" is not a service name: use lower-case letters, digits and dashes/);
  const tree = workspace();
  tree.write('services/tickets/package.json', '{}');
  await assert.rejects(serviceGenerator(tree, { name: 'tickets' }), /services\/tickets already exists/);
});

test('compose gets the service (its port, own NATS user, database), the gateway waits for it, nats and postgres know it', async () => {
  const tree = workspace();
  const service = await serviceGenerator(tree, { name: 'gift-cards' });
  const compose = tree.read('docker-compose.yml', 'utf-8') ?? '';
  const block = compose.slice(compose.indexOf('\n  gift-cards:\n'), compose.indexOf('healthcheck: *app-healthcheck', compose.indexOf('\n  gift-cards:\n')));
  assert.match(block, new RegExp(`SERVICE: gift-cards\\s+HTTP_PORT: "${service.port}"`));
  assert.match(block, /NATS_URL: nats:\/\/gift-cards:\$\{NATS_GIFT_CARDS_PASSWORD:-nats-gift-cards-dev-only\}@nats:4222/);
  assert.match(block, /@postgres:5432\/gift_cards\n/);
  const gateway = compose.slice(compose.indexOf('\n  gateway:\n'), compose.indexOf('\n  identity:\n'));
  assert.match(gateway, /depends_on:\n\s+gift-cards:\n\s+condition: service_healthy/);
  assert.match(compose, /\n {6}NATS_GIFT_CARDS_PASSWORD: \$\{NATS_GIFT_CARDS_PASSWORD:-nats-gift-cards-dev-only\}\n/);
  assert.match(compose, /POSTGRES_DATABASES: [a-z_,]*,gift_cards\n/);
});

test('the kustomization lists its files, its ConfigMap, its NATS password and its database; the deployment has its port', async () => {
  const tree = workspace();
  const service = await serviceGenerator(tree, { name: 'gift-cards' });
  const kustomization = tree.read('k8s/base/kustomization.yaml', 'utf-8') ?? '';
  for (const file of ['deployment', 'service', 'secret']) assert.match(kustomization, new RegExp(`\\n  - gift-cards/${file}\\.yaml\\n`));
  assert.match(kustomization, /- name: gift-cards-config\n\s+envs:\n\s+- gift-cards\/config\.env\n/);
  assert.match(kustomization, /\n\s+- NATS_GIFT_CARDS_PASSWORD=change-me-nats-gift-cards-password\n/);
  assert.match(kustomization, /POSTGRES_DATABASES=[a-z_,]*,gift_cards\n/);
  assert.match(tree.read('k8s/base/gift-cards/deployment.yaml', 'utf-8') ?? '', new RegExp(`containerPort: ${service.port}\\n`));
  assert.match(tree.read('k8s/base/gift-cards/config.env', 'utf-8') ?? '', new RegExp(`HTTP_PORT=${service.port}\\n`));
});

test('a database already listed (as a reserved service’s is) is not listed twice', async () => {
  const tree = workspace();
  // no name is reserved today: list the new service's database beforehand, as the files list a reserved one's
  tree.write('docker-compose.yml', (tree.read('docker-compose.yml', 'utf-8') ?? '').replace(/(POSTGRES_DATABASES: [a-z_,]*)\n/, '$1,gift_cards\n'));
  tree.write(
    'k8s/base/kustomization.yaml',
    (tree.read('k8s/base/kustomization.yaml', 'utf-8') ?? '').replace(/(POSTGRES_DATABASES=[a-z_,]*)\n/, '$1,gift_cards\n'),
  );
  await serviceGenerator(tree, { name: 'gift-cards' });
  const listed = (text: string, key: RegExp) =>
    text
      .match(key)?.[1]
      .split(',')
      .filter((d) => d === 'gift_cards').length;
  assert.equal(listed(tree.read('docker-compose.yml', 'utf-8') ?? '', /POSTGRES_DATABASES: (.*)\n/), 1);
  assert.equal(listed(tree.read('k8s/base/kustomization.yaml', 'utf-8') ?? '', /POSTGRES_DATABASES=(.*)\n/), 1);
});
