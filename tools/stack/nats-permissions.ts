import { EVENTS_STREAM, eventSubject } from '@km/contracts/common';
import { SERVICES, type ServiceBusAccess, type ServiceName } from '@km/registry';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who may say what on the bus (ADR 0010): one NATS user per service, least privilege. Each service's row lives in
 * libs/registry (its `bus` field). The local stack writes nats-server's config from it; k8s/base/infra/nats/nats.conf,
 * which compose mounts too, is rendered from it (`npx tsx tools/stack/nats-permissions.ts`) and
 * tools/deploy/deploy-config.spec.ts fails when it drifts.
 */

export type { ServiceBusAccess };

/** The app services and what each may do, from the registry, in port order (the generated nats.conf keeps one order). */
export const BUS_ACCESS = Object.fromEntries([...SERVICES].sort((a, b) => a.index - b.index).map((s): [string, ServiceBusAccess] => [s.name, s.bus])) as Record<
  ServiceName,
  ServiceBusAccess
>;

export type BusUser = keyof typeof BUS_ACCESS;
export const BUS_USERS = Object.keys(BUS_ACCESS) as BusUser[];

/** The local test stack's own user: tests inspect the EVENTS stream and replay events, so it may do anything. */
export const TEST_INSPECTOR_USER = 'km-test';

/** Each connection's private reply inbox (the kit sets `inboxPrefix` to this), so no service reads another's replies. */
export const inboxPrefix = (user: string): string => `_INBOX.${user}`;

/** Same rule as the kit's EventConsumer. */
const consumerName = (durable: string, type: string): string => `${durable}__${type.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  allowResponses: boolean;
}

/** nats-server permissions of one service user, derived from its row in BUS_ACCESS. */
export function permissionsOf(user: BusUser): NatsPermissions {
  const access: ServiceBusAccess = BUS_ACCESS[user];
  // a service on the kit (one with a database) runs the outbox relay, which makes sure the stream exists at start
  const hasOutbox = SERVICES.some((s) => s.name === user && s.database !== null);
  const usesJetStream = hasOutbox || access.publishesEvents.length > 0 || access.consumers.length > 0;
  const api = '$JS.API';
  const jetStream = usesJetStream
    ? [
        `${api}.INFO`,
        // every service makes sure the stream exists at start (libs/nest-kit/src/outbox/jetstream.ts)
        `${api}.STREAM.INFO.${EVENTS_STREAM}`,
        `${api}.STREAM.CREATE.${EVENTS_STREAM}`,
        ...access.publishesEvents.map(eventSubject),
        ...access.consumers.flatMap(({ durable, types }) =>
          types.flatMap((type) => {
            const name = consumerName(durable, type);
            return [
              `${api}.CONSUMER.INFO.${EVENTS_STREAM}.${name}`,
              // the filter is part of the subject, and the server refuses a body with another filter; the older
              // CONSUMER.DURABLE.CREATE takes any filter, so it is not allowed
              `${api}.CONSUMER.CREATE.${EVENTS_STREAM}.${name}.${eventSubject(type)}`,
              `${api}.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${name}`,
              `$JS.ACK.${EVENTS_STREAM}.${name}.>`,
            ];
          }),
        ),
      ]
    : [];
  return {
    publish: [...access.requests, ...jetStream],
    subscribe: [...access.answers, ...(access.watchesEvents ?? []).map(eventSubject), `${inboxPrefix(user)}.>`],
    allowResponses: access.answers.length > 0,
  };
}

/** A password as nats-server config text: a quoted literal, or `$NAME` read from the server's environment. */
export type PasswordSource = { literal: string } | { env: string };

/** The environment variable compose and k8s pass each user's password to nats-server in. */
export const passwordEnvName = (user: string): string => `NATS_${user.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PASSWORD`;

const quote = (s: string): string => JSON.stringify(s);
const list = (items: string[], indent: string): string =>
  items.length === 0 ? '[]' : `[\n${items.map((i) => `${indent}  ${quote(i)}`).join('\n')}\n${indent}]`;

/**
 * nats-server `authorization` block: one user per service (plus the test inspector when given), no anonymous
 * access. Publish/subscribe lists are allow-lists, so anything not listed is refused.
 */
export function renderNatsAuthorization(passwords: Record<string, PasswordSource>, options: { inspector?: boolean } = {}): string {
  const pass = (user: string): string => {
    const source = passwords[user];
    if (!source) throw new Error(`no NATS password given for ${user}`);
    return 'env' in source ? `$${source.env}` : quote(source.literal);
  };
  const users = BUS_USERS.map((user) => {
    const p = permissionsOf(user);
    return [
      `    {`,
      `      user: ${quote(user)}`,
      `      password: ${pass(user)}`,
      `      permissions: {`,
      `        publish: { allow: ${list(p.publish, '        ')} }`,
      `        subscribe: { allow: ${list(p.subscribe, '        ')} }`,
      ...(p.allowResponses ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n');
  });
  if (options.inspector) users.push(`    { user: ${quote(TEST_INSPECTOR_USER)}, password: ${pass(TEST_INSPECTOR_USER)} }`);
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}\n`;
}

/** The config compose and k8s mount (server flags stay on the command line); passwords come from the environment. */
export const DEPLOY_NATS_CONFIG =
  '# GENERATED from tools/stack/nats-permissions.ts by `npx tsx tools/stack/nats-permissions.ts`; do not edit.\n' +
  "# Each password is read from nats-server's environment (NATS_<SERVICE>_PASSWORD).\n" +
  renderNatsAuthorization(Object.fromEntries(BUS_USERS.map((u) => [u, { env: passwordEnvName(u) }])));

/** One copy: compose mounts the file k8s generates its nats-config ConfigMap from. */
export const DEPLOY_NATS_CONFIG_FILES = ['k8s/base/infra/nats/nats.conf'];

if (require.main === module) {
  for (const file of DEPLOY_NATS_CONFIG_FILES) {
    const target = path.resolve(__dirname, '..', '..', file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, DEPLOY_NATS_CONFIG);
    console.log(`wrote ${file}`);
  }
}
