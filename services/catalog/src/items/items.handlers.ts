import {
  CatalogSubjects,
  createItemSchema,
  featuredItemSchema,
  getManyItemsSchema,
  itemRefSchema,
  listChunkSchema,
  listItemsSchema,
  updateItemSchema,
  type CatalogChunk,
  type CatalogItem,
  type CatalogPage,
  type DeletedItem,
} from '@km/contracts';
import { parseOrThrow } from '@km/nest-kit';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ItemsService } from './items.service';

/** NATS patterns only; the gateway has already decided who may call what. */
@Controller()
export class ItemsHandlers {
  constructor(private readonly items: ItemsService) {}

  @MessagePattern(CatalogSubjects.list)
  list(@Payload() payload: unknown): Promise<CatalogPage> {
    return this.items.list(parseOrThrow(listItemsSchema, payload));
  }

  @MessagePattern(CatalogSubjects.listChunk)
  listChunk(@Payload() payload: unknown): Promise<CatalogChunk> {
    return this.items.listChunk(parseOrThrow(listChunkSchema, payload));
  }

  @MessagePattern(CatalogSubjects.get)
  get(@Payload() payload: unknown): Promise<CatalogItem> {
    return this.items.get(parseOrThrow(itemRefSchema, payload));
  }

  @MessagePattern(CatalogSubjects.getMany)
  getMany(@Payload() payload: unknown): Promise<CatalogItem[]> {
    return this.items.getMany(parseOrThrow(getManyItemsSchema, payload).ids);
  }

  @MessagePattern(CatalogSubjects.featured)
  featured(@Payload() payload: unknown): Promise<CatalogItem> {
    return this.items.featured(parseOrThrow(featuredItemSchema, payload).kind);
  }

  @MessagePattern(CatalogSubjects.create)
  create(@Payload() payload: unknown): Promise<CatalogItem> {
    return this.items.create(parseOrThrow(createItemSchema, payload));
  }

  @MessagePattern(CatalogSubjects.update)
  update(@Payload() payload: unknown): Promise<CatalogItem> {
    return this.items.update(parseOrThrow(updateItemSchema, payload));
  }

  @MessagePattern(CatalogSubjects.delete)
  delete(@Payload() payload: unknown): Promise<DeletedItem> {
    return this.items.delete(parseOrThrow(itemRefSchema, payload));
  }
}
