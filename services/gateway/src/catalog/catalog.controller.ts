import {
  backInStockBodySchema,
  backInStockUnsubscribeSchema,
  CATALOG_SORTS,
  CatalogSubjects,
  LIST_QUERY_KEYS,
  listQuerySchema,
  stockMovementsSchema,
  type BackInStockAccepted,
  type BackInStockBody,
  type CatalogItem,
  type CatalogPage,
  type ItemKind,
  type StockMovementsPage,
} from '@km/contracts';
import { AppError, parseOrThrow, Public, RpcClient } from '@km/nest-kit';
import { ObjectStorage, receiveMultipart, type StoredObject } from '@km/nest-kit/storage';
import { Controller, Delete, Get, HttpCode, Injectable, Logger, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { RequireAdmin, type AuthedRequest } from '../auth/guards';
import { FormsBudgeted } from '../http/budget-guards';
import { confirmUnsubscribePage, sendUnsubscribePage } from '../http/unsubscribe-page';
import { ApiZodBody, ZodBody } from '../http/zod-body';
import { CATALOG_IMAGE_POLICY, itemFormSchema, parseItemForm } from './catalog-form';
import { CatalogReadModelService } from './catalog-read-model.service';

const PLURAL: Record<ItemKind, string> = { product: 'products', service: 'services' };

/**
 * The routes products and services share (spec §7). Admin routes check the role before the body is read
 * (RoleGuard runs first), so a refused caller uploads nothing.
 */
function catalogRoutes(kind: ItemKind) {
  const plural = PLURAL[kind];

  // @Injectable makes TypeScript record the constructor's parameter types, which the subclasses inherit.
  @Injectable()
  class CatalogRoutes {
    readonly logger = new Logger(`catalog:${plural}`);
    constructor(
      readonly rpc: RpcClient,
      readonly storage: ObjectStorage,
      readonly readModel: CatalogReadModelService,
    ) {}

    @Get()
    @Public()
    @ApiOperation({
      summary: `List ${plural}. Without any query parameter: the plain array of all ${plural}. With any of q, category, sort, page, pageSize: one page {items,total,page,pageSize} (page 1 and 12 per page by default).`,
    })
    @ApiQuery({ name: 'q', required: false, description: 'Text to find in the name or description, ignoring letter case.' })
    @ApiQuery({ name: 'category', required: false })
    @ApiQuery({
      name: 'sort',
      required: false,
      enum: CATALOG_SORTS,
      description: 'featured (default: featured first, then newest), price-asc, price-desc, newest, name (A–Z).',
    })
    @ApiQuery({ name: 'page', required: false, type: Number })
    @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 12 by default.' })
    async list(@Query() query: Record<string, unknown>): Promise<CatalogPage | StreamableFile> {
      const asked = Object.fromEntries(LIST_QUERY_KEYS.filter((key) => query[key] !== undefined).map((key) => [key, query[key]]));
      if (Object.keys(asked).length === 0) return this.wholeList();
      return this.rpc.send(CatalogSubjects.list, { kind, ...parseOrThrow(listQuerySchema, asked) });
    }

    /**
     * The plain array of spec §7, however long: written chunk by chunk as the catalog answers them, so no NATS
     * reply passes the bus limit and the gateway holds about two chunks at a time. The first chunk is awaited
     * before answering, so a catalog that is down is still a clean 503.
     */
    async wholeList(): Promise<StreamableFile> {
      const ask = (after?: string) => this.rpc.send(CatalogSubjects.listChunk, { kind, after });
      const first = await ask();
      const logger = this.logger;
      async function* body() {
        let chunk = first;
        let separator = '[';
        for (;;) {
          // Ask for the next chunk while this one is written. A client that leaves ends this generator at the
          // yield, so nothing awaits `following`: its failure must not become an unhandled rejection.
          const following = chunk.next ? ask(chunk.next) : undefined;
          following?.catch(() => undefined);
          if (chunk.items.length > 0) {
            yield separator + JSON.stringify(chunk.items).slice(1, -1);
            separator = ',';
          }
          if (!following) break;
          chunk = await following;
        }
        yield separator === '[' ? '[]' : ']';
      }
      return new StreamableFile(Readable.from(body(), { objectMode: false }), { type: 'application/json; charset=utf-8' }).setErrorHandler((error, res) => {
        // The 200 and part of the array are already sent; no status can say it failed. Cutting the connection
        // (no final chunk) makes every HTTP client report an incomplete body instead of parsing a short list.
        logger.error(`the ${plural} list failed after it started: ${error.message}`);
        (res as unknown as FastifyReply).raw.destroy();
      });
    }

    @Get(':id')
    @Public()
    @ApiOperation({ summary: `One ${kind}; 404 for an unknown id.` })
    @ApiParam({ name: 'id', format: 'uuid' })
    get(@Param('id') id: string): Promise<CatalogItem> {
      return this.rpc.send(CatalogSubjects.get, { kind, id });
    }

    @Post()
    @RequireAdmin()
    @ApiOperation({ summary: `Create a ${kind} (admin). The image is required.` })
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: itemFormSchema(kind, true) })
    async create(@Req() req: FastifyRequest): Promise<CatalogItem> {
      const form = await receiveMultipart(req.raw, this.storage, { files: { image: CATALOG_IMAGE_POLICY } });
      const image = form.files.image;
      try {
        const item = parseItemForm(form, true);
        return this.written(await this.rpc.send(CatalogSubjects.create, { kind, item, imageKey: image.key, actor: actorOf(req as AuthedRequest) }));
      } catch (error) {
        await this.discard(image, error);
        throw error;
      }
    }

    @Put(':id')
    @RequireAdmin()
    @ApiOperation({ summary: `Update a ${kind} (admin). Every text field as on create; a new image replaces the old one, none keeps it.` })
    @ApiParam({ name: 'id', format: 'uuid' })
    @ApiConsumes('multipart/form-data')
    @ApiBody({ schema: itemFormSchema(kind, false) })
    async update(@Param('id') id: string, @Req() req: FastifyRequest): Promise<CatalogItem> {
      const form = await receiveMultipart(req.raw, this.storage, { files: { image: CATALOG_IMAGE_POLICY } });
      const image = form.files.image as StoredObject | undefined;
      try {
        const item = parseItemForm(form, false);
        return this.written(await this.rpc.send(CatalogSubjects.update, { kind, id, item, imageKey: image?.key, actor: actorOf(req as AuthedRequest) }));
      } catch (error) {
        await this.discard(image, error);
        throw error;
      }
    }

    @Delete(':id')
    @HttpCode(204)
    @RequireAdmin()
    @ApiOperation({ summary: `Delete a ${kind} and its image (admin).` })
    @ApiParam({ name: 'id', format: 'uuid' })
    async remove(@Param('id') id: string): Promise<void> {
      const deleted = await this.rpc.send(CatalogSubjects.delete, { kind, id });
      this.readModel.deleted(deleted.id);
    }

    /** This replica's copy shows the write on the next read; other replicas learn it from the catalog's event. */
    written(item: CatalogItem): CatalogItem {
      this.readModel.written(item);
      return item;
    }

    /**
     * Deletes an upload whose request failed. Not when the catalog did not answer in time: it may still have
     * committed a row that points at the image, and a stray object is the lesser harm.
     */
    async discard(image: StoredObject | undefined, error: unknown) {
      if (!image) return;
      if (error instanceof AppError && error.code === 'unavailable') {
        this.logger.warn(`keeping ${image.key}: the catalog did not answer, so the ${kind} may have been saved with it`);
        return;
      }
      await this.storage.delete(image.key).catch((e) => this.logger.warn(`could not delete the unused upload ${image.key}: ${String(e)}`));
    }
  }
  return CatalogRoutes;
}

/** How a stock movement names the admin who made it. */
const actorOf = (req: AuthedRequest) => (req.user ? `${req.user.username} (${req.user.id})` : undefined);

@ApiTags('products')
@Controller('api/products')
export class ProductsController extends catalogRoutes('product') {
  @Get(':id/stock-movements')
  @RequireAdmin()
  @ApiOperation({ summary: "A product's stock movements, newest first (admin; ADR 0032): sales, restocks and admins' changes, with who and when." })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1 to 100, 20 by default.' })
  stockMovements(@Param('id') id: string, @Query() query: Record<string, unknown>): Promise<StockMovementsPage> {
    return this.rpc.send(CatalogSubjects.stockMovements, parseOrThrow(stockMovementsSchema, { productId: id, page: query.page, pageSize: query.pageSize }));
  }

  @Post(':id/back-in-stock')
  @Public()
  @FormsBudgeted()
  @HttpCode(202)
  @ApiOperation({
    summary:
      '"Email me when it\'s back" (anyone; ADR 0050): one email to this address when the out-of-stock product comes back. 202 {message} whether or not the address was already waiting, so nobody learns who waits; 404 for an unknown product; 409 while it is in stock (in_stock) or for a product whose stock is not counted (not_tracked).',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiZodBody(backInStockBodySchema)
  backInStock(@Param('id') id: string, @ZodBody(backInStockBodySchema) body: BackInStockBody): Promise<BackInStockAccepted> {
    return this.rpc.send(CatalogSubjects.backInStockSubscribe, { productId: id, email: body.email });
  }

  // Declared in the subclass so Nest registers it before the inherited `:id` route.
  @Get('featured')
  @Public()
  @ApiOperation({ summary: 'The newest featured product (ARCHITECTURE §10); 404 when none is featured.' })
  featured(): Promise<CatalogItem> {
    return this.rpc.send(CatalogSubjects.featured, { kind: 'product' });
  }
}

@ApiTags('services')
@Controller('api/services')
export class ServicesController extends catalogRoutes('service') {}

/** The one-tap unsubscribe link of back-in-stock emails (ADR 0050). */
@ApiTags('products')
@Controller('api/back-in-stock')
export class BackInStockController {
  private readonly logger = new Logger('BackInStock');

  constructor(private readonly rpc: RpcClient) {}

  @Get('unsubscribe')
  @Public()
  @ApiOperation({
    summary:
      'The unsubscribe link of back-in-stock emails (no sign-in). Answers an HTML page with a button that POSTs the same URL; a GET unsubscribes nobody, since mail scanners open links (ADR 0056). 400 for a missing or malformed token.',
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribePage(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(backInStockUnsubscribeSchema, { token: typeof token === 'string' ? token : undefined });
      return confirmUnsubscribePage(
        'Stop back-in-stock emails?',
        'Press the button and this address will wait for no product any more: no back-in-stock email will be sent to it.',
        `/api/back-in-stock/unsubscribe?token=${encodeURIComponent(request.token)}`,
      );
    });
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary:
      "The page's button (no sign-in): the address waits for no product any more. Answers an HTML page: 200 (also when the link was used before), 400 for a missing or malformed token.",
  })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribe(@Query('token') token: unknown, @Res() res: FastifyReply): Promise<void> {
    await sendUnsubscribePage(res, this.logger, async () => {
      const request = parseOrThrow(backInStockUnsubscribeSchema, { token: typeof token === 'string' ? token : undefined });
      const { email } = await this.rpc.send(CatalogSubjects.backInStockUnsubscribe, request);
      return {
        status: 200,
        title: 'You have been unsubscribed',
        message: `${email ?? 'This address'} will get no more back-in-stock emails from Kingdom Marketplace. You can ask again on any sold-out product's page.`,
      };
    });
  }
}
