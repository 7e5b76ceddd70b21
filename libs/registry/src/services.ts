import { CatalogEvents, CatalogStockEvents, CatalogSubjects } from '@km/contracts/catalog';
import { FormsEvents, FormsSubjects } from '@km/contracts/forms';
import { IdentityEvents, IdentitySubjects } from '@km/contracts/identity';
import { MembershipEvents, MembershipSubjects } from '@km/contracts/membership';
import { OrdersEvents, OrdersSubjects } from '@km/contracts/orders';
import { MediaEvents, MediaSubjects } from '@km/contracts/media';

/**
 * Every service of the product, declared once (ADR 0005). The local stack, the test stack, the harnesses, the NATS
 * permissions, the database init scripts and the deploy checks read this table; `npm run new:service -- <name>`
 * adds a row here.
 */

/** What a service needs from the platform; the local stack derives its environment from these. */
export type Need =
  /** object storage (S3_*) */
  | 'storage'
  /** outgoing mail through the service's own BullMQ mail queue, ADR 0067 (REDIS_URL, SMTP_*) */
  | 'mail'
  /** Stripe's API (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, the emulator's address locally) */
  | 'stripe'
  /** Redis of its own (REDIS_URL) */
  | 'redis'
  /** the site's public address (PUBLIC_ORIGIN), e.g. for links in emails */
  | 'publicOrigin';

type SubjectTree = string | { readonly [key: string]: SubjectTree };

/** Every subject in a contracts table (FormsSubjects nests one table per inbox kind). */
export const all = (tree: SubjectTree): string[] => (typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(all));
const except = (tree: SubjectTree, ...left: string[]): string[] => all(tree).filter((s) => !left.includes(s));

export interface ServiceBusAccess {
  /** Request/reply subjects it answers (subscribed in its queue group; replies go through allow_responses). */
  answers: string[];
  /** Request/reply subjects it asks. */
  requests: string[];
  /** Event types its outbox relay publishes to the EVENTS stream. */
  publishesEvents: string[];
  /** Durable consumers it runs (kit EventConsumer: one JetStream consumer per type, named `<durable>__<type>`). */
  consumers: { durable: string; types: string[] }[];
  /**
   * Event types every replica receives live on a plain subscription (not a durable, which replicas would share):
   * for copies each replica keeps, which reload in full after a reconnect (ADR 0019).
   */
  watchesEvents?: string[];
}

export interface ServiceDefinition {
  name: string;
  /** Place in the port scheme: HTTP port 3000 + index in containers and k8s, the same in `npm start`, 3900 + index in `npm test`. */
  index: number;
  /** Its own Postgres database, or null. */
  database: string | null;
  needs: readonly Need[];
  /** Whether the gateway serves routes for it from `services/gateway/src/<name>/<name>.module.ts` (loaded by convention). */
  gatewayRoutes: boolean;
  /** Who may say what on NATS (ADR 0010): a change to who-calls-what lands here. */
  bus: ServiceBusAccess;
}

/** Services that are declared but not built yet: their index and database are reserved. */
// One entry per line: `npm run new:service` removes a reserved service's line when it is built.
// prettier-ignore
export const RESERVED = [
] as const;

/** The app services in start order (the gateway last: it waits for the rest). */
export const SERVICES = [
  {
    name: 'identity',
    index: 1,
    database: 'identity',
    // sign-in, confirmation and account notices are mailed by identity itself: their secrets never cross the bus
    needs: ['mail', 'publicOrigin'],
    gatewayRoutes: false,
    bus: { answers: all(IdentitySubjects), requests: [], publishesEvents: all(IdentityEvents), consumers: [] },
  },
  {
    name: 'catalog',
    index: 2,
    database: 'catalog',
    needs: ['storage', 'mail', 'publicOrigin'],
    gatewayRoutes: false,
    bus: {
      answers: all(CatalogSubjects),
      requests: [],
      publishesEvents: [...all(CatalogEvents), ...all(CatalogStockEvents)],
      consumers: [
        // stock sold when paid, put back when restocked (ADR 0032)
        { durable: 'catalog-stock', types: [OrdersEvents.paid, OrdersEvents.paymentReview, OrdersEvents.restocked] },
        // the low-stock alert to staff and the back-in-stock mails (ADR 0050)
        { durable: 'catalog-stock-mail', types: all(CatalogStockEvents) },
      ],
    },
  },
  {
    name: 'media',
    index: 3,
    database: 'media',
    needs: ['storage', 'mail', 'publicOrigin'],
    gatewayRoutes: true,
    bus: {
      answers: all(MediaSubjects),
      requests: [],
      publishesEvents: all(MediaEvents),
      consumers: [
        // the welcome only: new-episode announcements are forms' campaigns (ADR 0072)
        { durable: 'media-mail', types: [MediaEvents.subscriptionCreated] },
        { durable: 'media-renditions', types: [MediaEvents.episodePublished, MediaEvents.episodeUpdated] },
      ],
    },
  },
  {
    name: 'orders',
    index: 4,
    database: 'orders',
    needs: ['mail', 'stripe', 'publicOrigin'],
    gatewayRoutes: true,
    bus: {
      answers: all(OrdersSubjects),
      // prices come from the catalog (loaded into each replica's copy, ADR 0022), a member's discount from membership
      // stock is reserved and released by the catalog (ADR 0032)
      requests: [CatalogSubjects.getMany, CatalogSubjects.listChunk, CatalogSubjects.reserveStock, CatalogSubjects.releaseStock, MembershipSubjects.discount],
      publishesEvents: all(OrdersEvents),
      consumers: [
        { durable: 'orders-confirmation-mail', types: [OrdersEvents.paid] },
        { durable: 'orders-payment-review-alert', types: [OrdersEvents.paymentReview] },
        // the buyer's emails for shipped, refunded and cancelled (ADR 0034, 0035)
        { durable: 'orders-step-mail', types: [OrdersEvents.fulfilled, OrdersEvents.refunded, OrdersEvents.cancelled] },
      ],
      // each replica's copy of the catalog's prices (a tracked product's stock is decided by its reservation, ADR 0032)
      watchesEvents: except(CatalogEvents, CatalogEvents.itemStockChanged),
    },
  },
  {
    name: 'membership',
    index: 5,
    database: 'membership',
    needs: ['mail', 'stripe', 'publicOrigin'],
    gatewayRoutes: true,
    bus: {
      answers: all(MembershipSubjects),
      // member accounts and sign-in links for joins and link requests (ADR 0038)
      requests: [IdentitySubjects.ensureMemberUser, IdentitySubjects.createMemberLink],
      publishesEvents: all(MembershipEvents),
      consumers: [
        { durable: 'membership-mail', types: [MembershipEvents.memberJoined] },
        // Member Savings: the discounts of paid orders
        { durable: 'membership-member-savings', types: [OrdersEvents.paid] },
        // Profit bonuses: the store revenue of each half-year (ADR 0018)
        { durable: 'membership-store-revenue', types: [OrdersEvents.paid] },
        // … net of store refunds
        { durable: 'membership-store-refunds', types: [OrdersEvents.refunded] },
      ],
    },
  },
  {
    name: 'forms',
    index: 6,
    database: 'forms',
    needs: ['mail', 'publicOrigin'],
    gatewayRoutes: true,
    bus: {
      answers: all(FormsSubjects),
      // a campaign's featured product or latest episode (ADR 0057); the members audience's addresses (ADR 0058); the
      // podcast audience's addresses, whether they are still on the list when sent to, and the episode an announcement is
      // about (ADR 0072)
      requests: [
        CatalogSubjects.getMany,
        MediaSubjects.episodesList,
        MediaSubjects.episodesGet,
        MediaSubjects.subscriptionsEmails,
        MediaSubjects.subscriptionsStillSubscribed,
        MembershipSubjects.memberEmails,
      ],
      publishesEvents: all(FormsEvents),
      consumers: [
        { durable: 'forms-mail', types: all(FormsEvents) },
        // the podcast form's newsletter opt-in asks for confirmation too (ADR 0055)
        { durable: 'forms-newsletter-podcast', types: [MediaEvents.subscriptionCreated] },
        // a published episode is announced to the podcast's list by the campaign sender (ADR 0072)
        { durable: 'forms-episode-announcements', types: [MediaEvents.episodePublished] },
      ],
    },
  },
  {
    name: 'gateway',
    index: 0,
    database: null,
    needs: ['storage', 'redis', 'publicOrigin'],
    gatewayRoutes: false,
    bus: {
      answers: [],
      requests: [
        // member accounts and sign-in links are membership's to ask for (ADR 0038)
        ...except(IdentitySubjects, IdentitySubjects.ensureMemberUser, IdentitySubjects.createMemberLink),
        // stock is reserved and released by orders only (ADR 0032)
        ...except(CatalogSubjects, CatalogSubjects.getMany, CatalogSubjects.reserveStock, CatalogSubjects.releaseStock),
        ...all(OrdersSubjects),
        ...all(FormsSubjects),
        // the podcast's mailing list is for forms' campaign sender only (ADR 0072)
        ...except(MediaSubjects, MediaSubjects.subscriptionsEmails, MediaSubjects.subscriptionsStillSubscribed),
        // member addresses are for forms' newsletter audience only (ADR 0058)
        ...except(MembershipSubjects, MembershipSubjects.memberEmails),
      ],
      publishesEvents: [],
      consumers: [],
      // the store's reads from each replica's copy of the catalog
      watchesEvents: all(CatalogEvents),
    },
  },
] as const satisfies readonly ServiceDefinition[];
