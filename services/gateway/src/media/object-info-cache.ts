import { type ObjectInfo, ObjectStorage } from '@km/nest-kit/storage';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';

/**
 * Size, type and ETag of stored objects, remembered for a minute. Keys are never reused (a new key per upload), so
 * what an object was is what it is; a player seeking through an episode then pays one storage round trip per Range
 * request instead of two. A deleted object is found missing by the read that follows (404); only a HEAD may still
 * answer 200 for it until its entry expires. Missing keys are not remembered.
 */
@Injectable()
export class ObjectInfoCache {
  private readonly infos = new LRUCache<string, ObjectInfo>({ max: 10_000, ttl: 60_000 });

  constructor(private readonly storage: ObjectStorage) {}

  async stat(key: string): Promise<ObjectInfo | undefined> {
    const known = this.infos.get(key);
    if (known) return known;
    const info = await this.storage.stat(key);
    if (info) this.infos.set(key, info);
    return info;
  }
}
