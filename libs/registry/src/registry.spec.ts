import assert from 'node:assert/strict';
import { DATABASES, RESERVED, SERVICES, servicePort } from './index';

const declared = [...SERVICES, ...RESERVED];

test('every declared service (built or reserved) has its own name, port index and database', () => {
  const names = declared.map((s) => s.name);
  const indexes = declared.map((s) => s.index);
  const databases = declared.map((s) => s.database).filter((d) => d !== null);
  assert.equal(new Set(names).size, names.length, `names repeat: ${names}`);
  assert.equal(new Set(indexes).size, indexes.length, `indexes repeat: ${indexes}`);
  assert.equal(new Set(databases).size, databases.length, `databases repeat: ${databases}`);
  for (const s of declared) assert.match(s.name, /^[a-z][a-z0-9-]*$/, `${s.name} is a lower-case service name`);
});

test('the port scheme: containers and npm start use 3000 + index, npm test 3900 + index (gateway 3000 / 3900)', () => {
  const gateway = SERVICES.find((s) => s.name === 'gateway')!;
  assert.deepEqual([servicePort(gateway, 'container'), servicePort(gateway, 'dev'), servicePort(gateway, 'test')], [3000, 3000, 3900]);
  const ports = Object.fromEntries(declared.map((s) => [s.name, servicePort(s, 'container')]));
  // the product's services keep the ports the deployment files and the README name; a generated one takes 3000 + its index
  const known = { identity: 3001, catalog: 3002, orders: 3004, forms: 3006, gateway: 3000, media: 3003, membership: 3005 };
  assert.deepEqual(Object.fromEntries(Object.keys(known).map((name) => [name, ports[name]])), known);
  for (const s of declared)
    assert.deepEqual([servicePort(s, 'container'), servicePort(s, 'dev'), servicePort(s, 'test')], [3000 + s.index, 3000 + s.index, 3900 + s.index]);
  assert.equal(servicePort({ index: 4 }, 'test'), 3904);
});

test('the databases to create are every service database and the reserved ones, in port order', () => {
  const expected = [...declared].sort((a, b) => a.index - b.index).flatMap((s) => (s.database ? [s.database] : []));
  assert.deepEqual(DATABASES, expected);
  assert.deepEqual(
    DATABASES.filter((d) => ['identity', 'catalog', 'media', 'orders', 'membership', 'forms'].includes(d)),
    ['identity', 'catalog', 'media', 'orders', 'membership', 'forms'],
  );
});

test('the gateway is started last, after every service it calls', () => {
  assert.equal(SERVICES[SERVICES.length - 1].name, 'gateway');
});
