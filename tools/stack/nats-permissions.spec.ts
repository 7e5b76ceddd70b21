import { CatalogSubjects, IdentitySubjects } from '@km/contracts';
import assert from 'node:assert/strict';
import { BUS_ACCESS, BUS_USERS, permissionsOf, renderNatsAuthorization, TEST_INSPECTOR_USER } from './nats-permissions';

test("only the gateway and membership may publish to identity's subjects, membership only to the member account and link (ADR 0038), and only identity may subscribe to them", () => {
  const publishers = BUS_USERS.filter((u) => permissionsOf(u).publish.some((s) => s.startsWith('identity.')));
  const subscribers = BUS_USERS.filter((u) => permissionsOf(u).subscribe.some((s) => s.startsWith('identity.')));
  assert.deepEqual(publishers, ['gateway', 'membership']);
  assert.deepEqual(subscribers, ['identity']);
  const membersOnly: string[] = [IdentitySubjects.ensureMemberUser, IdentitySubjects.createMemberLink];
  assert.deepEqual(
    permissionsOf('gateway')
      .publish.filter((s) => s.startsWith('identity.'))
      .sort(),
    Object.values(IdentitySubjects)
      .filter((s) => !membersOnly.includes(s))
      .sort(),
  );
  assert.deepEqual(
    permissionsOf('membership')
      .publish.filter((s) => s.startsWith('identity.'))
      .sort(),
    [...membersOnly].sort(),
  );
});

test('each service answers only subjects of its own name and reads replies only on its own inbox, besides the events it watches', () => {
  for (const user of BUS_USERS) {
    const { subscribe } = permissionsOf(user);
    const watched = (BUS_ACCESS[user].watchesEvents ?? []).map((type) => `events.${type}`);
    assert.deepEqual(
      subscribe.filter((s) => !s.startsWith(`${user}.`)),
      [...watched, `_INBOX.${user}.>`],
      user,
    );
  }
});

test("orders and the gateway alone watch events (their copies of the catalog): exactly the catalog's item events, on plain subjects without JetStream rights", () => {
  assert.deepEqual(
    BUS_USERS.filter((u) => permissionsOf(u).subscribe.some((s) => s.startsWith('events.'))),
    ['gateway', 'orders'],
  );
  const itemEvents = ['events.catalog.item.created', 'events.catalog.item.updated', 'events.catalog.item.deleted'];
  // The store's copy follows stock changes too; orders' price copy does not: the reservation decides (ADR 0032).
  assert.deepEqual(
    permissionsOf('gateway').subscribe.filter((s) => s.startsWith('events.')),
    [...itemEvents, 'events.catalog.item.stock-changed'],
  );
  assert.deepEqual(
    permissionsOf('orders').subscribe.filter((s) => s.startsWith('events.')),
    itemEvents,
  );
});

test("no service user holds a wildcard beyond its own inbox and its own consumers' acks", () => {
  for (const user of BUS_USERS) {
    const { publish, subscribe } = permissionsOf(user);
    const wild = [...publish, ...subscribe].filter((s) => s.includes('*') || s.includes('>'));
    assert.deepEqual(
      wild.filter((s) => s !== `_INBOX.${user}.>` && !s.startsWith('$JS.ACK.EVENTS.')),
      [],
      user,
    );
  }
});

test('orders may ask the catalog only for prices (some items, or all of them in chunks for its copy) and to reserve and release stock; services without events have no JetStream access', () => {
  assert.deepEqual(
    permissionsOf('orders').publish.filter((s) => s.startsWith('catalog.')),
    [CatalogSubjects.getMany, CatalogSubjects.listChunk, CatalogSubjects.reserveStock, CatalogSubjects.releaseStock],
  );
  assert.deepEqual(
    permissionsOf('gateway').publish.filter((s) => s.startsWith('$JS.') || s.startsWith('events.')),
    [],
  );
});

test('replies go through allow_responses for exactly the services that answer requests', () => {
  assert.deepEqual(
    BUS_USERS.filter((u) => permissionsOf(u).allowResponses),
    BUS_USERS.filter((u) => BUS_ACCESS[u].answers.length > 0),
  );
  assert.equal(permissionsOf('gateway').allowResponses, false);
});

test('the rendered config has one user per service and the inspector only when asked', () => {
  const passwords = Object.fromEntries([...BUS_USERS, TEST_INSPECTOR_USER].map((u) => [u, { literal: `${u}-secret` }]));
  const users = (text: string) => [...text.matchAll(/user: "([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(users(renderNatsAuthorization(passwords)), BUS_USERS);
  assert.deepEqual(users(renderNatsAuthorization(passwords, { inspector: true })), [...BUS_USERS, TEST_INSPECTOR_USER]);
  assert.throws(() => renderNatsAuthorization({}), /no NATS password given for gateway/);
});
