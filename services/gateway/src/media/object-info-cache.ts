import { type ObjectInfo, ObjectStorage } from '@km/nest-kit/storage';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { MediaCopies } from './media-copies';

/** How long a deleted object may still be served. */
export const INFO_TTL_MS = 5_000;

/**
 * Size, type and ETag of stored objects, remembered for 5 seconds. Keys are never reused (a new key per upload), so
 * what an object was is what it is; a player seeking through an episode then pays no storage round trip for it per
 * Range request. A deleted object stops being served (404), from this gateway's copy too, within those 5 seconds.
 * Missing keys are not remembered.
 */
@Injectable()
export class ObjectInfoCache {
  // fetch() asks storage once for all the requests that want the same key at the same moment: when an entry
  // expires under 100 players seeking, one HEAD goes out, not 100.
  private readonly infos = new LRUCache<string, ObjectInfo>({
    max: 10_000,
    ttl: INFO_TTL_MS,
    fetchMethod: async (key) => {
      const info = await this.storage.stat(key);
      if (!info) this.copies.forget(key);
      return info;
    },
  });

  constructor(
    private readonly storage: ObjectStorage,
    private readonly copies: MediaCopies,
  ) {}

  stat(key: string): Promise<ObjectInfo | undefined> {
    return this.infos.fetch(key);
  }
}
