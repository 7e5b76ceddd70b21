import { EVENTS_STREAM, eventSubject, type EventData, type EventType, type TypedEvent } from '@km/contracts';
import { natsConnectOptions } from '@km/nest-kit';
import { testServers } from '@km/nest-kit/testing';
import { connect } from 'nats';
import { crc32, deflateSync } from 'node:zlib';

export const MB = 1024 * 1024;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable PNG of one colour. */
export function pngImage(width = 40, height = 30, rgb: [number, number, number] = [120, 60, 200]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts like a PNG and is exactly `size` bytes: enough to pass the type check and test the size limit. */
export const pngOfSize = (size: number) => Buffer.concat([pngImage(1, 1), Buffer.alloc(size - pngImage(1, 1).length, 0x5a)]);

export interface FormImage {
  data: Buffer;
  name: string;
  type: string;
}

export const png = (data = pngImage(), name = 'photo.png'): FormImage => ({ data, name, type: 'image/png' });

/** The store form's multipart body; fields set to undefined are left out. */
export function itemForm(fields: Record<string, string | undefined>, image?: FormImage): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (image) form.set('image', new Blob([new Uint8Array(image.data)], { type: image.type }), image.name);
  return form;
}

export const productFields = (overrides: Record<string, string | undefined> = {}) => ({
  name: 'Grace Study Bible',
  price: '19.99',
  description: 'A wide-margin study Bible.',
  category: 'Books',
  tags: 'bible, study',
  inStock: 'true',
  featured: 'false',
  ...overrides,
});

/** Events of one type on the EVENTS stream whose data matches. */
export async function publishedEvents<T extends EventType>(type: T, match: (data: EventData<T>) => boolean): Promise<TypedEvent<T>[]> {
  const nc = await connect(natsConnectOptions(testServers().KM_TEST_NATS_URL, 'test-inspector'));
  try {
    const subject = eventSubject(type);
    const jsm = await nc.jetstreamManager();
    const total = (await jsm.streams.info(EVENTS_STREAM, { subjects_filter: subject })).state.subjects?.[subject] ?? 0;
    const consumer = await nc.jetstream().consumers.get(EVENTS_STREAM, { filterSubjects: subject });
    const found: TypedEvent<T>[] = [];
    for (let i = 0; i < total; i++) {
      const msg = await consumer.next({ expires: 1000 });
      if (!msg) break;
      const event = msg.json<TypedEvent<T>>();
      if (match(event.data)) found.push(event);
    }
    return found;
  } finally {
    await nc.drain();
  }
}
