import { CatalogEvents, CatalogSubjects, eventSubject, type CatalogItemEvent, type EventEnvelope, type ItemKind } from '@km/contracts';
import { allChunks, NATS_CONNECTION, RpcClient, SerialReloads, SERVICE_LOGGER } from '@km/nest-kit';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import { PriceCopy, type PriceFacts } from './price-copy';

const KINDS: readonly ItemKind[] = ['product', 'service'];
/** The catalog's get-many takes at most this many ids at once. */
const FETCH_MAX = 100;
const RETRY_MS = 2000;

/**
 * The catalog's prices and stock as this orders replica prices carts from them (ADR 0022), in the pattern of the
 * gateway's catalog copy (ADR 0019): loaded from the catalog at start and again after every NATS reconnect, kept
 * current by the catalog's item events on a plain subscription (every replica needs every event, so not a shared
 * durable). Until a load is done every price is asked of the catalog as before, so a new or restarted replica never
 * prices from an old copy; an item whose change was announced, or that the copy does not hold, is asked of the
 * catalog too.
 */
@Injectable()
export class CatalogPrices implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly copy = new PriceCopy();
  private ready = false;
  private readonly loads = new SerialReloads(() => this.load(), {
    retryMs: RETRY_MS,
    onFailure: (error) => this.logger.warn(`could not load the catalog's prices, pricing asks the catalog; trying again: ${String(error)}`),
    onSettled: () => this.fetchChanged(),
  });
  private fetching?: Promise<void>;
  private readonly subscriptions: Subscription[] = [];
  private fetchLater?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(SERVICE_LOGGER) private readonly logger: Logger,
  ) {}

  /** Whether prices come from the copy (false until the first load, and while a reload after a reconnect runs). */
  get isReady() {
    return this.ready;
  }

  onApplicationBootstrap() {
    // Stock changes are left out: a tracked product's count is decided by its reservation (ADR 0032).
    for (const type of Object.values(CatalogEvents).filter((t) => t !== CatalogEvents.itemStockChanged)) {
      // A callback, not an iterator: the change is marked as the message is read, before a request read after it runs.
      const subscription = this.nc.subscribe(eventSubject(type), {
        callback: (error, message) => {
          if (error) return;
          try {
            this.changed(message.json<EventEnvelope<CatalogItemEvent>>().data.itemId);
          } catch (parseError) {
            this.logger.error(`ignoring a catalog event that is not JSON: ${String(parseError)}`);
          }
        },
      });
      this.subscriptions.push(subscription);
    }
    void (async () => {
      for await (const status of this.nc.status()) {
        // Events may have been lost while disconnected: price from the catalog until a fresh copy is loaded.
        if (status.type === 'reconnect') void this.reload();
      }
    })();
    // Not awaited: orders answers (pricing from the catalog) while the copy loads.
    void this.reload();
  }

  /** Before the RPC client closes: a load still asking the catalog would otherwise open its connection again. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.fetchLater);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    await this.loads.stop();
    await this.fetching;
  }

  /**
   * The catalog items with these ids, in the order asked, unknown ids left out (as `catalog.items.get-many` answers):
   * from the copy, except what it does not hold or holds a change announced for, which is asked of the catalog.
   */
  async find(ids: string[]): Promise<PriceFacts[]> {
    if (!this.ready) return this.rpc.send(CatalogSubjects.getMany, { ids });
    const { known, ask } = this.copy.lookup(ids);
    if (ask.length > 0) for (const item of await this.rpc.send(CatalogSubjects.getMany, { ids: ask })) known.set(item.id, item);
    return ids.flatMap((id) => (known.has(id) ? [known.get(id)!] : []));
  }

  /** Drops the copy and loads it again (at start and after a reconnect). */
  reload(): Promise<void> {
    this.ready = false;
    return this.loads.reload();
  }

  private async load() {
    const started = Date.now();
    const items: PriceFacts[] = [];
    for (const kind of KINDS) items.push(...(await allChunks((after) => this.rpc.send(CatalogSubjects.listChunk, { kind, after }))));
    // Items whose events came during the load keep their marks, so they are asked of the catalog until fetched.
    this.copy.replace(items);
    this.ready = !this.loads.outdated;
    this.logger.info(`catalog prices loaded: ${items.length} items in ${Date.now() - started} ms`);
  }

  private changed(id: string) {
    this.copy.markChanged(id);
    this.fetchChanged();
  }

  /** Fetches changed items, one get-many at a time (so an older answer never lands after a newer one). */
  private fetchChanged() {
    if (this.fetching || this.loads.running || this.stopped) return;
    this.fetching = (async () => {
      for (let batch = this.copy.toFetch(FETCH_MAX); batch.length > 0 && !this.stopped; batch = this.copy.toFetch(FETCH_MAX)) {
        try {
          const found = await this.rpc.send(CatalogSubjects.getMany, { ids: batch.map(([id]) => id) });
          // A load started meanwhile replaces the copy; the marks stay and the fetch runs again after it.
          if (this.loads.running) return;
          this.copy.applyFetched(batch, found);
        } catch (error) {
          // The items stay marked, so they are priced from the catalog meanwhile.
          this.logger.warn(`could not fetch ${batch.length} changed catalog items; trying again: ${String(error)}`);
          clearTimeout(this.fetchLater);
          this.fetchLater = setTimeout(() => this.fetchChanged(), RETRY_MS);
          return;
        }
      }
    })().finally(() => {
      this.fetching = undefined;
    });
  }
}
