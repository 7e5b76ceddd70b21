// The bus has permissions (issue 8): against the test stack's real nats-server, which always runs with the users
// and permissions of tools/stack/nats-permissions.ts.
import { CatalogSubjects, EVENTS_STREAM, eventSubject, IdentityEvents, IdentitySubjects, OrdersEvents } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import { connectTestRpc, testNatsUrl, testServers } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { connect, ErrorCode, type NatsConnection, type NatsError } from 'nats';
import { ADMIN, startHarness, type Harness } from './gateway-harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

/** A fresh connection as one service's bus user. */
const connectAs = (service: string, name = `test-as-${service}`): Promise<NatsConnection> => connect(natsConnectOptions(testNatsUrl(service), name));
/** The test stack's NATS address with no credentials at all. */
const anonymousServer = (): string => natsConnectOptions(testServers().KM_TEST_NATS_URL, 'anonymous').servers[0];

/** The error a subscription ends with (permission errors end it; the connection stays up). */
async function subscriptionError(nc: NatsConnection, subject: string, queue?: string): Promise<NatsError | undefined> {
  const sub = nc.subscribe(subject, { queue });
  try {
    for await (const _ of sub) return undefined;
    return undefined;
  } catch (error) {
    return error as NatsError;
  }
}

async function requestError(nc: NatsConnection, subject: string): Promise<NatsError | undefined> {
  return nc.request(subject, '{}', { timeout: 3000 }).then(
    () => undefined,
    (error: NatsError) => error,
  );
}

describe('connecting', () => {
  test('a connection without credentials is refused with an authorization violation', async () => {
    await assert.rejects(connect({ servers: anonymousServer(), reconnect: false }), (error: NatsError) => {
      assert.equal(error.code, ErrorCode.AuthorizationViolation);
      return true;
    });
  });

  test('a service user with a wrong password is refused with an authorization violation', async () => {
    await assert.rejects(connect({ servers: anonymousServer(), user: 'gateway', pass: 'not-the-password', reconnect: false }), (error: NatsError) => {
      assert.equal(error.code, ErrorCode.AuthorizationViolation);
      return true;
    });
  });
});

describe("the catalog's credentials", () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connectAs('catalog');
  });
  afterAll(async () => {
    await nc.close();
  });

  test('cannot subscribe to identity.> (permissions violation on the subscription)', async () => {
    const error = await subscriptionError(nc, 'identity.>');
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.deepEqual(error?.permissionContext, { operation: 'subscription', subject: 'identity.>', queue: undefined });
  });

  test("cannot answer identity's subjects by joining its queue group", async () => {
    const error = await subscriptionError(nc, IdentitySubjects.createSession, 'identity');
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.equal(error?.permissionContext?.operation, 'subscription');
  });

  test("cannot read other users' replies on _INBOX.>", async () => {
    const error = await subscriptionError(nc, '_INBOX.>');
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.equal(error?.permissionContext?.subject, '_INBOX.>');
  });

  test(`cannot request ${IdentitySubjects.register} (permissions violation on the publish)`, async () => {
    const error = await requestError(nc, IdentitySubjects.register);
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.deepEqual(error?.permissionContext, { operation: 'publish', subject: IdentitySubjects.register, queue: undefined });
  });

  test(`cannot request ${IdentitySubjects.createSession}`, async () => {
    const error = await requestError(nc, IdentitySubjects.createSession);
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.equal(error?.permissionContext?.subject, IdentitySubjects.createSession);
  });

  test("cannot publish another service's events into the stream", async () => {
    const error = await requestError(nc, eventSubject(IdentityEvents.userRegistered));
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
    assert.equal(error?.permissionContext?.operation, 'publish');
  });

  test('cannot delete the EVENTS stream', async () => {
    const error = await requestError(nc, `$JS.API.STREAM.DELETE.${EVENTS_STREAM}`);
    assert.equal(error?.code, ErrorCode.PermissionsViolation);
  });
});

describe("orders' credentials", () => {
  test(`may ask the catalog for prices (${CatalogSubjects.getMany}) but not register users`, async () => {
    const nc = await connectAs('orders');
    try {
      const refused = await requestError(nc, IdentitySubjects.register);
      assert.equal(refused?.code, ErrorCode.PermissionsViolation);
      // Publishing is allowed: with no catalog running in this harness, the server says nobody listens.
      const allowed = await requestError(nc, CatalogSubjects.getMany);
      assert.equal(allowed?.code, ErrorCode.NoResponders);
    } finally {
      await nc.close();
    }
  });
});

describe("a service's own JetStream consumer", () => {
  const name = 'orders-confirmation-mail__orders_order_paid';
  const createBody = (filter: string) =>
    JSON.stringify({ stream_name: EVENTS_STREAM, config: { durable_name: name, name, ack_policy: 'explicit', filter_subject: filter } });

  test("cannot be created with another service's events as its filter", async () => {
    const nc = await connectAs('orders');
    try {
      const reply = await nc.request(
        `$JS.API.CONSUMER.CREATE.${EVENTS_STREAM}.${name}.${eventSubject(OrdersEvents.paid)}`,
        createBody(eventSubject('identity.>')),
        { timeout: 3000 },
      );
      // JetStream's "Consumer create request did not match filtered subject from create subject"
      assert.equal(reply.json<{ error?: { err_code: number } }>().error?.err_code, 10131);
      const legacy = await requestError(nc, `$JS.API.CONSUMER.DURABLE.CREATE.${EVENTS_STREAM}.${name}`);
      assert.equal(legacy?.code, ErrorCode.PermissionsViolation);
    } finally {
      await nc.close();
    }
  });
});

describe("membership's credentials (ADR 0038)", () => {
  test(`may ask identity for a member's account and link (${IdentitySubjects.ensureMemberUser}) but not register users or start sessions`, async () => {
    const nc = await connectAs('membership');
    try {
      for (const subject of [IdentitySubjects.register, IdentitySubjects.createSession, IdentitySubjects.verifyCredentials]) {
        const refused = await requestError(nc, subject);
        assert.equal(refused?.code, ErrorCode.PermissionsViolation, subject);
      }
    } finally {
      await nc.close();
    }
    // Allowed: the request reaches identity, which answers (here refusing a payload that is not a member's).
    const { rpc, close } = await connectTestRpc('membership');
    try {
      await assert.rejects(rpc.send(IdentitySubjects.ensureMemberUser, { memberId: 'not-a-member', email: 'not-an-email' }), { code: 'invalid' });
      await assert.rejects(rpc.send(IdentitySubjects.createMemberLink, { memberId: 'not-a-member', email: 'not-an-email' }), { code: 'invalid' });
    } finally {
      await close();
    }
  });
});

describe("the gateway's credentials", () => {
  test(`may no longer ask identity for a member's account or link itself (membership does, ADR 0038)`, async () => {
    const nc = await connectAs('gateway');
    try {
      for (const subject of [IdentitySubjects.ensureMemberUser, IdentitySubjects.createMemberLink]) {
        const refused = await requestError(nc, subject);
        assert.equal(refused?.code, ErrorCode.PermissionsViolation, subject);
      }
    } finally {
      await nc.close();
    }
  });

  test("may request identity's subjects and get identity's answer", async () => {
    const { rpc, close } = await connectTestRpc('gateway');
    try {
      const user = await rpc.send(IdentitySubjects.verifyCredentials, { username: ADMIN.username, password: ADMIN.password });
      assert.equal(user.username, ADMIN.username);
      assert.equal(user.isAdmin, true);
      await assert.rejects(rpc.send(IdentitySubjects.verifyCredentials, { username: ADMIN.username, password: 'wrong-password' }), { code: 'unauthorized' });
    } finally {
      await close();
    }
  });
});
