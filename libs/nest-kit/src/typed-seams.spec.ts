import { CatalogSubjects, FormsEvents, IdentitySubjects, OrdersEvents, type CatalogItem, type TypedEvent } from '@km/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import assert from 'node:assert/strict';
import { of } from 'rxjs';
import type { EntityManager } from 'typeorm';
import { RpcClient } from './nats/rpc-client';
import { commitWithEvents } from './outbox/commit-with-events';
import { EventConsumer, type EventConsumerOptions } from './outbox/event-consumer';
import { recordEvent } from './outbox/outbox';

/*
 * Misuse of the typed seams must not compile. Each `@ts-expect-error` below fails the kit's build (TS2578, unused
 * directive) the day that line starts to compile, so loosening a map or a signature breaks `npm test`.
 * The function is type-checked, never run.
 */
export function misuseDoesNotCompile(rpc: RpcClient, manager: EntityManager, consumerOptions: Omit<EventConsumerOptions, 'types' | 'handle'>) {
  // @ts-expect-error a subject no service answers
  void rpc.send('catalog.items.lst', { kind: 'product' });
  // @ts-expect-error the payload of another subject (get wants kind and id)
  void rpc.send(CatalogSubjects.get, { ids: ['a'] });
  // @ts-expect-error a wrong idea of the result: get answers one item, not a list
  const wrong: Promise<CatalogItem[]> = rpc.send(CatalogSubjects.get, { kind: 'product', id: 'a' });
  // @ts-expect-error an explicit result type at the call site is no longer how send is used
  void rpc.send<CatalogItem>(CatalogSubjects.get, { kind: 'product', id: 'a' });
  // @ts-expect-error an event type nobody declared
  void recordEvent(manager, 'orders.order.payed', { orderId: 'o1' });
  // @ts-expect-error a known event with another event's payload
  void recordEvent(manager, OrdersEvents.paid, { orderId: 'o1', orderNumber: 'KM-1' });
  void commitWithEvents(null as never, null as never, async (_m, record) => {
    // @ts-expect-error record checks payloads as recordEvent does
    await record(FormsEvents.contactReceived, { prayerRequestId: 'p1', email: 'a@example.com' });
  });
  new EventConsumer({
    ...consumerOptions,
    types: [OrdersEvents.paid],
    handle: async (event) => {
      // @ts-expect-error a paid event has no `reasons` (that is payment-review's)
      void event.data.reasons;
    },
  });
  new EventConsumer({
    ...consumerOptions,
    // @ts-expect-error a consumer of an event type nobody declared
    types: ['forms.contact.recieved'],
    handle: async () => undefined,
  });
  return wrong;
}

test('send infers the result from the subject and sends the payload as given', async () => {
  const sent: { subject: string; data: unknown }[] = [];
  const proxy = {
    send: (subject: string, record: { data: unknown }) => {
      sent.push({ subject, data: record.data });
      return of({ id: 'u1', username: 'ruth', email: null, isAdmin: false });
    },
  } as unknown as ClientProxy;
  const rpc = new RpcClient(proxy, { timeoutMs: 1000 });
  const user = await rpc.send(IdentitySubjects.verifyCredentials, { username: 'ruth', password: 'secret-words' });
  // `user` is a PublicUser without a generic or a cast: reading `.username` compiles.
  assert.equal(user.username, 'ruth');
  assert.deepEqual(sent, [{ subject: 'identity.credentials.verify', data: { username: 'ruth', password: 'secret-words' } }]);
});

test('a consumer of several event types gets a union that a switch on the type narrows', () => {
  const describe = (event: TypedEvent<typeof FormsEvents.contactReceived | typeof FormsEvents.prayerReceived>) => {
    switch (event.type) {
      case FormsEvents.contactReceived:
        return `contact ${event.data.contactMessageId}`;
      case FormsEvents.prayerReceived:
        return `prayer ${event.data.prayerRequestId} urgent=${event.data.isUrgent}`;
    }
  };
  const occurredAt = new Date(0).toISOString();
  assert.equal(describe({ id: 'e1', type: FormsEvents.contactReceived, occurredAt, data: { contactMessageId: 'c1', email: 'a@example.com' } }), 'contact c1');
  assert.equal(
    describe({
      id: 'e2',
      type: FormsEvents.prayerReceived,
      occurredAt,
      data: { prayerRequestId: 'p1', email: 'a@example.com', isUrgent: true, preferredContact: 'email' },
    }),
    'prayer p1 urgent=true',
  );
});
