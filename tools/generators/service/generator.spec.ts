import { createTree } from '@nx/devkit/testing';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RESERVED, SERVICES } from '@km/registry';
import { addRegistryEntry, describeService, serviceGenerator } from './generator';

const root = path.resolve(__dirname, '..', '..', '..');
const registrySource = readFileSync(path.join(root, 'libs/registry/src/services.ts'), 'utf8');

function workspace() {
  const tree = createTree();
  // the repository's formatting, which the generator's formatFiles applies
  tree.write('.prettierrc', readFileSync(path.join(root, '.prettierrc'), 'utf8'));
  tree.write('libs/registry/src/services.ts', registrySource);
  return tree;
}

test('a new service gets its folder, contracts, gateway routes module and tests, named after it', async () => {
  const tree = workspace();
  await serviceGenerator(tree, { name: 'gift-cards' });
  const created = tree
    .listChanges()
    .filter((c) => c.type === 'CREATE' && /^(services|libs\/contracts)\//.test(c.path))
    .map((c) => c.path)
    .sort();
  assert.deepEqual(created, [
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
  assert.match(tree.read('libs/contracts/src/gift-cards/index.ts', 'utf-8') ?? '', /hello: 'gift-cards\.hello'/);
  // the database name is the service's name with underscores (Postgres identifiers)
  assert.match(tree.read('services/gift-cards/test/gift-cards.test.ts', 'utf-8') ?? '', /createTestDatabase\('gift_cards'\)/);
});

test('the registry entry answers its subjects, the gateway may ask them, and the gateway stays last', async () => {
  const tree = workspace();
  await serviceGenerator(tree, { name: 'gift-cards' });
  const registry = tree.read('libs/registry/src/services.ts', 'utf-8') ?? '';
  const next = Math.max(...[...SERVICES, ...RESERVED].map((s) => s.index)) + 1;
  assert.match(registry, /import \{ GiftCardsEvents, GiftCardsSubjects \} from '@km\/contracts\/gift-cards';/);
  assert.match(registry, new RegExp(`name: 'gift-cards',\\s+index: ${next},\\s+database: 'gift_cards',\\s+needs: \\[\\],\\s+gatewayRoutes: true,`));
  assert.match(registry, /answers: all\(GiftCardsSubjects\), requests: \[\], publishesEvents: all\(GiftCardsEvents\)/);
  const gatewayEntry = registry.slice(registry.indexOf("name: 'gateway'"));
  assert.match(gatewayEntry, /requests: \[[^\]]*\.\.\.all\(GiftCardsSubjects\),?\s*\]/);
  assert.ok(registry.indexOf("name: 'gift-cards'") < registry.indexOf("name: 'gateway'"));
});

test('a reserved name (media) takes its reserved index and leaves the reserved list', () => {
  const media = describeService('media');
  assert.equal(media.index, 3);
  const registry = addRegistryEntry(registrySource, media);
  assert.doesNotMatch(registry, /\{ name: 'media', index: 3, database: 'media' \}/);
  // membership was built by hand (issue 12), so media was the last reserved service
  assert.match(registry, /export const RESERVED = \[\s*\] as const;/);
  assert.match(registry, /name: 'media',\s+index: 3,/);
});

test('a taken or malformed name is refused with a message saying why', async () => {
  await assert.rejects(serviceGenerator(workspace(), { name: 'orders' }), /orders is already a service/);
  await assert.rejects(serviceGenerator(workspace(), { name: 'Gift_Cards' }), /"Gift_Cards" is not a service name: use lower-case letters, digits and dashes/);
  const tree = workspace();
  tree.write('services/tickets/package.json', '{}');
  await assert.rejects(serviceGenerator(tree, { name: 'tickets' }), /services\/tickets already exists/);
});
