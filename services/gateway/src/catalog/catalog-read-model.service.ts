import {
  CatalogEvents,
  CatalogSubjects,
  categoriesFor,
  eventSubject,
  LIST_QUERY_KEYS,
  listQuerySchema,
  type CatalogItem,
  type CatalogItemEvent,
  type EventEnvelope,
  type ItemKind,
} from '@km/contracts';
import { allChunks, AppError, NATS_CONNECTION, RpcClient, SerialReloads } from '@km/nest-kit';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import accepts from 'accepts';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NatsConnection, Subscription } from 'nats';
import zlib from 'node:zlib';
import { CatalogReadModel, type Answer } from './catalog-read-model';
import { requestPath } from '../http/request-path';

const KINDS: readonly ItemKind[] = ['product', 'service'];
const KIND_OF_PATH: Record<string, ItemKind> = { products: 'product', services: 'service' };
/** GET /api/products, /api/products/featured, /api/products/<id> (and the same for services), as mounted on /api. */
const READ_PATH = /^\/api\/(products|services)(?:\/([^/]+))?\/?$/;
const RELOAD_RETRY_MS = 2000;

/**
 * This replica's copy of the catalog (ADR 0019). Filled from the catalog at start and again after every NATS
 * reconnect (events may have been missed meanwhile); kept current by the catalog's item events, which every replica
 * receives (a plain subscription on the events' subjects, not a shared durable); and by the writes this replica
 * forwards itself, so an admin sees their change on their next read. Until it is loaded, reads go to the catalog as
 * before.
 */
@Injectable()
export class CatalogReadModelService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('CatalogReadModel');
  private model = new CatalogReadModel();
  private ready = false;
  private readonly loads = new SerialReloads(() => this.load(), {
    retryMs: RELOAD_RETRY_MS,
    onFailure: (error) => this.logger.warn(`could not load the catalog copy, reads go to the catalog; trying again: ${String(error)}`),
  });
  /** Events that arrive while a load runs, applied once it is done. */
  private pending: EventEnvelope<CatalogItemEvent>[] = [];
  /** One refresh at a time per item, so two answers about it cannot land in the wrong order. */
  private readonly refreshing = new Map<string, Promise<void>>();
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  /** Whether reads are answered from memory (false until the first load, and while a reload after a reconnect runs). */
  get isReady() {
    return this.ready;
  }

  /** Every item of the kind, newest first (empty until loaded). */
  all(kind: ItemKind): CatalogItem[] {
    return this.ready ? this.model.all(kind) : [];
  }

  /** An item of the kind by id or slug: from memory once loaded, else asked of the catalog; undefined when none. */
  async find(kind: ItemKind, idOrSlug: string): Promise<CatalogItem | undefined> {
    if (this.ready) return this.model.find(kind, idOrSlug);
    try {
      return await this.rpc.send(CatalogSubjects.get, { kind, id: idOrSlug });
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return undefined;
      throw error;
    }
  }

  onApplicationBootstrap() {
    for (const type of Object.values(CatalogEvents)) {
      const subscription = this.nc.subscribe(eventSubject(type));
      this.subscriptions.push(subscription);
      void (async () => {
        for await (const message of subscription) {
          try {
            this.onEvent(message.json<EventEnvelope<CatalogItemEvent>>());
          } catch (error) {
            this.logger.error(`ignoring a catalog event that is not JSON: ${String(error)}`);
          }
        }
      })();
    }
    void (async () => {
      for await (const status of this.nc.status()) {
        // A reconnect may have lost events: serve from the catalog until a fresh copy is loaded.
        if (status.type === 'reconnect') this.reload();
      }
    })();
    // Not awaited: the gateway serves (from the catalog) while the copy loads, and a catalog that is down at start
    // only delays the copy.
    this.reload();
  }

  /**
   * Before the RPC client closes (in its onApplicationShutdown): a load still asking the catalog would otherwise make
   * the closed client connect again, and that connection would keep the process alive.
   */
  async beforeApplicationShutdown() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    await this.loads.stop();
  }

  /** Drops the copy and loads it again (at start, after a reconnect, and on SIGHUP after a change made in SQL). */
  reload(): Promise<void> {
    this.ready = false;
    return this.loads.reload();
  }

  private async load() {
    const started = Date.now();
    const items: CatalogItem[] = [];
    for (const kind of KINDS) items.push(...(await allChunks((after) => this.rpc.send(CatalogSubjects.listChunk, { kind, after }))));
    this.model = new CatalogReadModel(items);
    const missed = this.pending;
    this.pending = [];
    // The load read the rows after these events were sent, so they are in it; refreshing again is cheap and
    // covers an event sent just before the row it names was read.
    await Promise.all(missed.map((event) => this.apply(event)));
    this.ready = !this.loads.outdated;
    const products = items.filter((item) => item.kind === 'product').length;
    this.logger.log(`catalog copy loaded: ${products} products and ${items.length - products} services in ${Date.now() - started} ms`);
  }

  private onEvent(event: EventEnvelope<CatalogItemEvent>) {
    if (this.loads.running) this.pending.push(event);
    else void this.apply(event);
  }

  private apply(event: EventEnvelope<CatalogItemEvent>): Promise<void> {
    const { itemId, kind } = event.data;
    if (event.type === CatalogEvents.itemDeleted) {
      this.model.remove(itemId);
      return Promise.resolve();
    }
    const previous = this.refreshing.get(itemId) ?? Promise.resolve();
    const next = previous.then(() => this.refresh(kind, itemId));
    this.refreshing.set(itemId, next);
    return next.finally(() => {
      if (this.refreshing.get(itemId) === next) this.refreshing.delete(itemId);
    });
  }

  private async refresh(kind: ItemKind, id: string) {
    try {
      this.model.upsert(await this.rpc.send(CatalogSubjects.get, { kind, id }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        this.model.remove(id);
        return;
      }
      // Better no copy than a stale one: serve from the catalog until a reload has caught up.
      this.logger.warn(`could not refresh ${kind} ${id}, reloading the copy: ${String(error)}`);
      void this.reload();
    }
  }

  /** Called by the catalog routes after a write they forwarded succeeded: this replica's next read shows it. */
  written(item: CatalogItem) {
    if (this.ready) this.model.upsert(item);
  }

  deleted(id: string) {
    this.model.remove(id);
  }

  /**
   * A fastify `onRequest` hook answering the store's public reads from memory: a page of the list, one item, the
   * featured product. Anything else (the plain whole list, a query the catalog must refuse, a missing item) goes on
   * to the catalog routes, so every error keeps the one wording the catalog gives it. An answer is written straight
   * to the raw response (ready bytes, no serializer, no further hooks): this is the store's hottest path.
   */
  hook() {
    return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (!this.ready || (req.method !== 'GET' && req.method !== 'HEAD')) return done();
      // The normalised path (ADR 0027), like every other check: /%61pi/products is /api/products here too.
      const match = READ_PATH.exec(requestPath(req));
      if (!match) return done();
      const kind = KIND_OF_PATH[match[1]];
      const answer = match[2] === undefined ? this.page(kind, req.query as Record<string, unknown>) : this.one(kind, match[2]);
      if (!answer) return done();
      reply.hijack();
      send(req.raw, reply.raw, answer);
    };
  }

  private page(kind: ItemKind, query: Record<string, unknown>): Answer | undefined {
    const asked = Object.fromEntries(LIST_QUERY_KEYS.filter((key) => query[key] !== undefined).map((key) => [key, query[key]]));
    if (Object.keys(asked).length === 0) return undefined;
    const parsed = listQuerySchema.safeParse(asked);
    if (!parsed.success) return undefined;
    if (parsed.data.category && !categoriesFor(kind).includes(parsed.data.category)) return undefined;
    return this.model.page(kind, parsed.data);
  }

  private one(kind: ItemKind, id: string): Answer | undefined {
    return kind === 'product' && id === 'featured' ? this.model.featured(kind) : this.model.item(kind, id);
  }
}

/** Below this size compressing is not worth it (the same threshold as the API's compression middleware). */
const COMPRESS_FROM = 1024;
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Sends a ready answer with its ETag; a client that holds the same bytes gets a bodiless 304. A client that accepts
 * brotli or gzip gets the body compressed once per answer rather than once per request; the ETag then names the
 * encoding, since those bytes differ.
 */
function send(req: IncomingMessage, res: ServerResponse, answer: Answer) {
  const encoding = answer.body.length >= COMPRESS_FROM ? acceptedEncoding(req) : false;
  const etag = encoding ? `${answer.etag.slice(0, -1)}-${encoding}"` : answer.etag;
  // Kept by the browser but asked again every time (answered 304 while unchanged), so a write shows on the next read.
  const headers: Record<string, string> = { Vary: 'Accept-Encoding', ETag: etag, 'Cache-Control': 'no-cache' };
  if (matches(req.headers['if-none-match'], answer.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let body = answer.body;
  if (encoding === 'br') body = answer.br ??= zlib.brotliCompressSync(answer.body, BROTLI);
  else if (encoding === 'gzip') body = answer.gzip ??= zlib.gzipSync(answer.body);
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const negotiated = new Map<string, 'br' | 'gzip' | false>();

/** The encoding this client prefers of brotli and gzip (none for a missing or `identity` header). */
function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | false {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  // Clients send a handful of distinct headers: negotiate each once, not once per request.
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = accepts(req).encoding(['br', 'gzip']) as 'br' | 'gzip' | false;
    if (negotiated.size < 100) negotiated.set(header, encoding);
  }
  return encoding;
}

/** If-None-Match holds this answer's ETag in any encoding (weak comparison, as RFC 9110 asks for this header) or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const hash = etag.slice(1, -1);
  return header.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etag || t === `"${hash}-br"` || t === `"${hash}-gzip"`;
  });
}
