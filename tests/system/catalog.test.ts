import { CatalogEvents, CatalogSubjects, type CatalogItem, type CatalogPage } from '@km/contracts/catalog';
import { connectTestRpc, eventually } from '@km/nest-kit/testing';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { ADMIN, Client, itemForm, MB, png, pngImage, pngOfSize, productFields, publishedEvents, startHarness, type Harness } from './harness';

let h: Harness;
let admin: Client;

beforeAll(async () => {
  h = await startHarness({ catalog: {}, gateway: { RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signIn(ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await h.stop();
});

async function signIn(username: string, password: string) {
  const client = new Client(h.gateway);
  assert.equal((await client.post('/api/auth/login', { username, password })).status, 200);
  return client;
}

const storedImages = () => h.storage.listKeys('media/catalog/');
const keyOf = (item: CatalogItem) => item.imageUrl!.slice(1);

async function media(url: string) {
  const res = await fetch(h.baseUrl + url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function createProduct(overrides: Record<string, string | undefined> = {}, image = png()): Promise<CatalogItem> {
  const res = await admin.post('/api/products', itemForm(productFields(overrides), image));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

/** Runs `act` and checks that it left the bucket exactly as it found it. */
async function leavesStorageUnchanged(act: () => Promise<void>) {
  const before = await storedImages();
  await act();
  assert.deepEqual((await storedImages()).sort(), before.sort());
}

describe('the featured product', () => {
  // Runs first, while this file's fresh catalog has no product at all.
  test('GET /api/products/featured is 404 with a message while no product is featured', async () => {
    const res = await new Client(h.gateway).get('/api/products/featured');
    assert.equal(res.status, 404);
    assert.deepEqual(res.body, { statusCode: 404, code: 'not_found', message: 'No product is featured yet.' });
  });

  test('is the newest product marked featured, not a newer unfeatured one or a featured service', async () => {
    await createProduct({ name: 'Older featured', featured: 'true' });
    const newest = await createProduct({ name: 'Newest featured', featured: 'true' });
    await createProduct({ name: 'Newer but not featured', featured: 'false' });
    const service = await admin.post('/api/services', itemForm(productFields({ name: 'Featured service', category: 'Design', featured: 'true' }), png()));
    assert.equal(service.status, 201);
    const res = await new Client(h.gateway).get('/api/products/featured');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, newest);
  });
});

describe('create, read, update and delete', () => {
  test('an admin creates a product from the multipart form and gets it back in the API shape', async () => {
    const image = pngImage(64, 48, [200, 30, 30]);
    const res = await admin.post(
      '/api/products',
      itemForm(
        {
          name: '  Sterling Cross  ',
          price: '59.5',
          description: 'Polished silver.',
          category: 'Jewelry',
          tags: ' cross , silver,, gift ',
          inStock: 'false',
          featured: 'true',
        },
        png(image),
      ),
    );
    assert.equal(res.status, 201);
    const item = res.body as CatalogItem;
    assert.deepEqual(Object.keys(item).sort(), [
      'category',
      'createdAt',
      'description',
      'featured',
      'id',
      'imageUrl',
      'images',
      'inStock',
      'kind',
      'lowStock',
      'name',
      'price',
      'slug',
      'stockQuantity',
      'tags',
      'updatedAt',
    ]);
    assert.match(item.id, /^[0-9a-f-]{36}$/);
    assert.match(item.imageUrl!, /^\/media\/catalog\/[0-9a-f-]{36}\.png$/);
    assert.deepEqual(
      { ...item, id: undefined, imageUrl: undefined, images: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        kind: 'product',
        name: 'Sterling Cross',
        slug: 'sterling-cross',
        price: '59.50',
        description: 'Polished silver.',
        category: 'Jewelry',
        tags: ['cross', 'silver', 'gift'],
        imageUrl: undefined,
        images: undefined,
        inStock: false,
        // Not tracked: the form's flag is the stock (ADR 0032).
        stockQuantity: null,
        lowStock: false,
        featured: true,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.equal(new Date(item.createdAt).toISOString(), item.createdAt);
    // A 64-pixel original gets one WEBP copy at its own width, never an enlargement.
    assert.deepEqual(item.images, [{ url: item.imageUrl!.replace(/\.png$/, '-w64.webp'), width: 64 }]);

    const read = await new Client(h.gateway).get(`/api/products/${item.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, item);

    const served = await media(item.imageUrl!);
    assert.equal(served.status, 200);
    assert.equal(served.type, 'image/png');
    assert.deepEqual(served.bytes, image);
  });

  test('an uploaded image gets WEBP copies 320, 640 and 960 wide beside it, listed in images and served under /media', async () => {
    const item = await createProduct({}, png(pngImage(1500, 1000, [20, 90, 160]), 'wide.png'));
    const base = item.imageUrl!.replace(/\.png$/, '');
    assert.deepEqual(item.images, [
      { url: `${base}-w320.webp`, width: 320 },
      { url: `${base}-w640.webp`, width: 640 },
      { url: `${base}-w960.webp`, width: 960 },
    ]);
    for (const { url, width } of item.images) {
      const served = await media(url);
      assert.deepEqual([served.status, served.type], [200, 'image/webp'], url);
      const { format, width: actual, height } = await sharp(served.bytes).metadata();
      assert.deepEqual({ format, width: actual, height }, { format: 'webp', width, height: Math.round((width * 1000) / 1500) });
    }
    assert.deepEqual((await new Client(h.gateway).get(`/api/products/${item.id}`)).body.images, item.images);
  });

  test('an item created on the bus naming a key with no object behind it is saved without copies (images: [])', async () => {
    const gatewayBus = await connectTestRpc('gateway');
    try {
      const imageKey = `media/catalog/${randomUUID()}.png`;
      const item = await gatewayBus.rpc.send(CatalogSubjects.create, {
        kind: 'product',
        item: { name: 'Keyed elsewhere', price: '3.00', description: 'No upload.', category: 'Gifts', tags: [], inStock: true, featured: false },
        imageKey,
      });
      assert.deepEqual([item.imageUrl, item.images], [`/${imageKey}`, []]);
      await gatewayBus.rpc.send(CatalogSubjects.delete, { kind: 'product', id: item.id });
    } finally {
      await gatewayBus.close();
    }
  });

  test('replacing or deleting an image removes its WEBP copies too', async () => {
    const item = await createProduct({}, png(pngImage(700, 700), 'first.png'));
    assert.deepEqual(
      item.images.map((image) => image.width),
      [320, 640, 700],
    );
    const res = await admin.put(`/api/products/${item.id}`, itemForm(productFields(), png(pngImage(400, 200), 'second.png')));
    assert.equal(res.status, 200);
    const updated = res.body as CatalogItem;
    assert.deepEqual(
      updated.images.map((image) => image.width),
      [320, 400],
    );
    for (const { url } of item.images) assert.equal((await media(url)).status, 404, url);
    for (const { url } of updated.images) assert.equal((await media(url)).status, 200, url);
    assert.equal((await admin.delete(`/api/products/${item.id}`)).status, 204);
    for (const { url } of updated.images) assert.equal((await media(url)).status, 404, url);
  });

  test('inStock defaults to true and featured to false when the form leaves them out', async () => {
    const item = await createProduct({ inStock: undefined, featured: undefined, tags: undefined });
    assert.deepEqual([item.inStock, item.featured, item.tags], [true, false, []]);
  });

  test('a PUT with a new image stores it under a new key and deletes the old object once the update is saved', async () => {
    const item = await createProduct();
    const replacement = pngImage(10, 10, [0, 200, 0]);
    const res = await admin.put(`/api/products/${item.id}`, itemForm(productFields({ name: 'Renamed', price: '21' }), png(replacement, 'new.png')));
    assert.equal(res.status, 200);
    assert.notEqual(res.body.imageUrl, item.imageUrl);
    assert.deepEqual([res.body.name, res.body.price, res.body.createdAt], ['Renamed', '21.00', item.createdAt]);
    assert.ok(res.body.updatedAt > item.updatedAt);
    assert.deepEqual((await media(res.body.imageUrl)).bytes, replacement);
    assert.equal((await media(item.imageUrl!)).status, 404);
    assert.equal(await h.storage.stat(keyOf(item)), undefined);
  });

  test('a PUT without an image keeps the current one and replaces every text field', async () => {
    const item = await createProduct({ featured: 'true' });
    const res = await admin.put(
      `/api/products/${item.id}`,
      itemForm({ name: 'Edited', price: '5', description: 'New words.', category: 'Gifts', tags: 'one', inStock: 'false', featured: 'false' }),
    );
    assert.equal(res.status, 200);
    assert.deepEqual(
      { ...res.body, updatedAt: undefined },
      {
        ...item,
        name: 'Edited',
        price: '5.00',
        description: 'New words.',
        category: 'Gifts',
        tags: ['one'],
        inStock: false,
        featured: false,
        updatedAt: undefined,
      },
    );
    assert.equal((await media(item.imageUrl!)).status, 200);
  });

  test('DELETE answers 204, then the product is gone and so is its image', async () => {
    const item = await createProduct();
    const res = await admin.delete(`/api/products/${item.id}`);
    assert.equal(res.status, 204);
    assert.equal(res.body, '');
    assert.equal((await new Client(h.gateway).get(`/api/products/${item.id}`)).status, 404);
    assert.equal(await h.storage.stat(keyOf(item)), undefined);
    assert.equal((await admin.delete(`/api/products/${item.id}`)).status, 404);
  });

  test('services work the same way with their own categories, and never answer for a product id', async () => {
    const created = await admin.post(
      '/api/services',
      itemForm(productFields({ name: 'Church Website Build', price: '1800', category: 'Web Development' }), png()),
    );
    assert.equal(created.status, 201);
    assert.deepEqual([created.body.kind, created.body.price, created.body.category], ['service', '1800.00', 'Web Development']);
    const product = await createProduct();
    assert.equal((await new Client(h.gateway).get(`/api/services/${product.id}`)).status, 404);
    assert.equal((await admin.put(`/api/services/${product.id}`, itemForm(productFields({ category: 'Design' })))).status, 404);
    assert.equal((await admin.delete(`/api/services/${product.id}`)).status, 404);
    assert.equal((await new Client(h.gateway).get(`/api/products/${product.id}`)).status, 200);
    const updated = await admin.put(`/api/services/${created.body.id}`, itemForm(productFields({ name: 'Church Website', category: 'Design' })));
    assert.equal(updated.status, 200);
    assert.equal((await admin.delete(`/api/services/${created.body.id}`)).status, 204);
  });

  test('an unknown or malformed id is a 404 naming it', async () => {
    const unknown = randomUUID();
    const res = await new Client(h.gateway).get(`/api/products/${unknown}`);
    assert.deepEqual([res.status, res.body.message], [404, `No product with id ${unknown} exists.`]);
    const malformed = await new Client(h.gateway).get('/api/services/not-an-id');
    assert.deepEqual([malformed.status, malformed.body.message], [404, 'No service with id not-an-id exists.']);
  });

  test('an image of exactly 10 MB is accepted (streamed to storage in parts)', async () => {
    const data = pngOfSize(10 * MB);
    const item = await createProduct({}, png(data, 'big.png'));
    const info = await h.storage.stat(keyOf(item));
    assert.deepEqual([info?.size, info?.contentType], [10 * MB, 'image/png']);
    assert.deepEqual((await media(item.imageUrl!)).bytes.equals(data), true);
    assert.equal((await admin.delete(`/api/products/${item.id}`)).status, 204);
  });

  test('create, update and delete each publish one catalog.item.* event carrying the id and kind', async () => {
    const item = await createProduct();
    await admin.put(`/api/products/${item.id}`, itemForm(productFields({ name: 'Changed' })));
    await admin.delete(`/api/products/${item.id}`);
    for (const type of [CatalogEvents.itemCreated, CatalogEvents.itemUpdated, CatalogEvents.itemDeleted]) {
      const events = await eventually(async () => {
        const found = await publishedEvents(type, (data) => data.itemId === item.id);
        return found.length > 0 && found;
      });
      assert.equal(events.length, 1, type);
      assert.deepEqual(events[0].data, { itemId: item.id, kind: 'product' });
    }
  });

  test('catalog.items.get-many returns items of any kind in the order asked, leaving out unknown and malformed ids', async () => {
    const first = await createProduct({ name: 'First' });
    const service = (await admin.post('/api/services', itemForm(productFields({ category: 'Ministry' }), png()))).body as CatalogItem;
    // Orders is the service that asks for this (prices at checkout); the gateway's bus user may not.
    const orders = await connectTestRpc('orders');
    try {
      const items = await orders.rpc.send(CatalogSubjects.getMany, { ids: [service.id, randomUUID(), 'junk', first.id] });
      assert.deepEqual(items, [service, first]);
    } finally {
      await orders.close();
    }
  });
});

describe('stock in the product form (ADR 0032)', () => {
  test('an admin tracks stock from the form; a save applies only the change from the count shown; absent keeps it; movements say who', async () => {
    const created = await createProduct({ stockQuantity: '3', inStock: 'false' });
    assert.deepEqual([created.stockQuantity, created.inStock, created.lowStock], [3, true, true]);
    const fields = productFields({ stockQuantity: '10', stockQuantityWas: '3' });
    const updated = await admin.put(`/api/products/${created.id}`, itemForm(fields));
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.deepEqual([updated.body.stockQuantity, updated.body.lowStock], [10, false]);
    const kept = await admin.put(`/api/products/${created.id}`, itemForm(productFields({ name: 'Renamed' })));
    assert.deepEqual([kept.body.name, kept.body.stockQuantity], ['Renamed', 10]);
    const zero = await admin.put(`/api/products/${created.id}`, itemForm(productFields({ stockQuantity: '0', stockQuantityWas: '10' })));
    assert.deepEqual([zero.body.stockQuantity, zero.body.inStock], [0, false]);
    const below = await admin.put(`/api/products/${created.id}`, itemForm(productFields({ stockQuantity: '0', stockQuantityWas: '4' })));
    assert.equal(below.status, 409);
    assert.equal(below.body.details.reason, 'stock_changed');
    const untracked = await admin.put(`/api/products/${created.id}`, itemForm(productFields({ stockQuantity: '' })));
    assert.deepEqual([untracked.body.stockQuantity, untracked.body.inStock], [null, true]);
    const movements = await admin.get(`/api/products/${created.id}/stock-movements`);
    assert.equal(movements.status, 200);
    assert.deepEqual(
      movements.body.items.map((m: { reason: string; delta: number; quantityAfter: number | null; actor: string }) => [
        m.reason,
        m.delta,
        m.quantityAfter,
        m.actor.startsWith(`${ADMIN.username} (`),
      ]),
      [
        ['tracking_stopped', 0, null, true],
        ['manual', -10, 0, true],
        ['manual', 7, 10, true],
        ['tracking_started', 3, 3, true],
      ],
    );
    assert.equal((await new Client(h.gateway).get(`/api/products/${created.id}/stock-movements`)).status, 401);
  });

  for (const hostile of ['-1', '1.5', '1000001', '1e3', 'lots']) {
    test(`stockQuantity "${hostile}" is a 400 naming the field, and stores nothing`, async () => {
      await leavesStorageUnchanged(async () => {
        const res = await admin.post('/api/products', itemForm(productFields({ stockQuantity: hostile }), png()));
        assert.equal(res.status, 400);
        const message = 'stockQuantity must be a whole number from 0 to 1000000, or empty when stock is not tracked';
        assert.deepEqual(res.body, { statusCode: 400, code: 'invalid', message, details: { fields: [{ field: 'stockQuantity', message }] } });
      });
    });
  }
});

describe('validation of the store form', () => {
  const missing: [string, Record<string, string | undefined>, string][] = [
    ['name', { name: undefined }, 'name is required'],
    ['name', { name: '   ' }, 'name is required'],
    ['price', { price: undefined }, 'price is required'],
    ['description', { description: undefined }, 'description is required'],
    ['category', { category: undefined }, 'category is required'],
  ];
  for (const [field, overrides, message] of missing) {
    test(`a create with ${JSON.stringify(overrides)} is a 400 naming ${field}, and stores nothing`, async () => {
      await leavesStorageUnchanged(async () => {
        const res = await admin.post('/api/products', itemForm(productFields(overrides), png()));
        assert.equal(res.status, 400);
        assert.deepEqual(res.body, { statusCode: 400, code: 'invalid', message, details: { fields: [{ field, message }] } });
      });
    });
  }

  test('a create without an image is a 400 "image is required"', async () => {
    const res = await admin.post('/api/products', itemForm(productFields()));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, {
      statusCode: 400,
      code: 'invalid',
      message: 'image is required',
      details: { fields: [{ field: 'image', message: 'image is required' }] },
    });
  });

  test('an empty file input counts as no image', async () => {
    const res = await admin.post('/api/products', itemForm(productFields(), { data: Buffer.alloc(0), name: '', type: 'application/octet-stream' }));
    assert.deepEqual([res.status, res.body.message], [400, 'image is required']);
  });

  test('every problem is named at once', async () => {
    const res = await admin.post('/api/products', itemForm(productFields({ name: undefined, price: 'abc' })));
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'name is required; price must be a number of at least 0 with at most 2 decimals, like 19.99; image is required');
  });

  for (const price of ['abc', '-1', '1.999', '12,50', '1e3', '.5', '12345678901']) {
    test(`price "${price}" is a 400 explaining the price format, and stores nothing`, async () => {
      await leavesStorageUnchanged(async () => {
        const res = await admin.post('/api/products', itemForm(productFields({ price }), png()));
        assert.equal(res.status, 400);
        assert.equal(res.body.message, 'price must be a number of at least 0 with at most 2 decimals, like 19.99');
      });
    });
  }

  test('a product category that is not a product category is a 400 listing the allowed ones, and stores nothing', async () => {
    await leavesStorageUnchanged(async () => {
      const res = await admin.post('/api/products', itemForm(productFields({ category: 'Design' }), png()));
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, {
        statusCode: 400,
        code: 'invalid',
        message: 'category must be one of Books, Jewelry, Apparel, Home Decor, Gifts',
        details: { fields: [{ field: 'category', message: 'category must be one of Books, Jewelry, Apparel, Home Decor, Gifts' }] },
      });
    });
    const service = await admin.post('/api/services', itemForm(productFields({ category: 'Books' }), png()));
    assert.deepEqual(
      [service.status, service.body.message],
      [400, 'category must be one of Consulting, Design, Marketing, Writing, Web Development, Ministry'],
    );
  });

  test('inStock and featured must be booleans', async () => {
    const res = await admin.post('/api/products', itemForm(productFields({ inStock: 'maybe', featured: 'yes' }), png()));
    assert.deepEqual([res.status, res.body.message], [400, 'inStock must be true or false; featured must be true or false']);
  });

  test('a file named .png whose content is text is a 415 by content, and stores nothing', async () => {
    await leavesStorageUnchanged(async () => {
      const res = await admin.post(
        '/api/products',
        itemForm(productFields(), { data: Buffer.from('this is not an image at all, only text'), name: 'photo.png', type: 'image/png' }),
      );
      assert.equal(res.status, 415);
      assert.deepEqual(res.body, { statusCode: 415, code: 'unsupported_media_type', message: 'Unsupported image type: use JPG, PNG or WEBP.' });
    });
  });

  test('a GIF is refused: only JPG, PNG and WEBP are accepted', async () => {
    const res = await admin.post(
      '/api/products',
      itemForm(productFields(), { data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), name: 'a.gif', type: 'image/gif' }),
    );
    assert.equal(res.status, 415);
  });

  test('an image of 10 MB and one byte is a 413, and nothing stays in storage', async () => {
    await leavesStorageUnchanged(async () => {
      const res = await admin.post('/api/products', itemForm(productFields(), png(pngOfSize(10 * MB + 1), 'big.png')));
      assert.equal(res.status, 413);
      assert.deepEqual(res.body, { statusCode: 413, code: 'payload_too_large', message: 'Image is too large: the limit is 10 MB.' });
    });
  });

  test('a JSON body instead of the multipart form is a 415 saying what to send', async () => {
    const res = await admin.post('/api/products', productFields());
    assert.deepEqual([res.status, res.body.message], [415, 'Send this form as multipart/form-data.']);
  });

  test('a file in another field than image is a 400, and stores nothing', async () => {
    await leavesStorageUnchanged(async () => {
      const form = itemForm(productFields(), png());
      form.set('thumbnail', new Blob([new Uint8Array(pngImage())], { type: 'image/png' }), 'thumb.png');
      const res = await admin.post('/api/products', form);
      assert.deepEqual([res.status, res.body.message], [400, 'Unexpected file in field "thumbnail": only image may carry a file.']);
    });
  });

  test('two images in one form are a 400, and nothing stays in storage', async () => {
    await leavesStorageUnchanged(async () => {
      const form = itemForm(productFields(), png());
      form.append('image', new Blob([new Uint8Array(pngImage())], { type: 'image/png' }), 'second.png');
      const res = await admin.post('/api/products', form);
      assert.deepEqual([res.status, res.body.message], [400, 'Send one file in image, not several.']);
    });
  });

  test('a multipart body without a boundary, or cut short, is a 400 saying so, and stores nothing', async () => {
    await leavesStorageUnchanged(async () => {
      const noBoundary = await admin.post('/api/products', 'name=x', { 'content-type': 'multipart/form-data' });
      assert.deepEqual([noBoundary.status, noBoundary.body.message], [400, 'The form is not valid multipart/form-data: Multipart: Boundary not found.']);
      const cut = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nGrace Study Bi';
      const cutShort = await admin.post('/api/products', cut, { 'content-type': 'multipart/form-data; boundary=b' });
      assert.deepEqual([cutShort.status, cutShort.body.message], [400, 'The form data is incomplete or malformed: Unexpected end of form.']);
    });
  });

  test('a client that disconnects in the middle of an upload leaves nothing in storage', async () => {
    const before = await storedImages();
    const head = '--b\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n';
    await new Promise<void>((resolve) => {
      const req = http.request(`${h.baseUrl}/api/products`, {
        method: 'POST',
        headers: { cookie: admin.cookie!, 'content-type': 'multipart/form-data; boundary=b' },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(pngOfSize(6 * MB), () => setTimeout(() => req.destroy(), 200));
    });
    await eventually(async () => JSON.stringify((await storedImages()).sort()) === JSON.stringify(before.sort()), 5000);
  });

  test('an invalid update with a new image keeps the item and its old image, and deletes the new upload', async () => {
    const item = await createProduct();
    await leavesStorageUnchanged(async () => {
      const res = await admin.put(`/api/products/${item.id}`, itemForm(productFields({ price: '-3' }), png()));
      assert.equal(res.status, 400);
    });
    assert.deepEqual((await new Client(h.gateway).get(`/api/products/${item.id}`)).body, item);
  });

  test('an update of an unknown product with a new image is a 404 and deletes the new upload', async () => {
    await leavesStorageUnchanged(async () => {
      const res = await admin.put(`/api/products/${randomUUID()}`, itemForm(productFields(), png()));
      assert.equal(res.status, 404);
    });
  });
});

describe('who may change the catalog', () => {
  const attempts = (id: string): [string, (c: Client) => Promise<{ status: number; body: any }>][] => [
    ['POST', (c) => c.post('/api/products', itemForm(productFields(), png(pngOfSize(3 * MB))))],
    ['PUT', (c) => c.put(`/api/products/${id}`, itemForm(productFields({ name: 'Hijacked' }), png(pngOfSize(3 * MB))))],
    ['DELETE', (c) => c.delete(`/api/products/${id}`)],
  ];

  test('signed out, every change is a 401, nothing is uploaded and nothing changes', async () => {
    const item = await createProduct();
    await leavesStorageUnchanged(async () => {
      for (const [method, attempt] of attempts(item.id)) {
        const res = await attempt(new Client(h.gateway));
        assert.deepEqual([res.status, res.body], [401, { statusCode: 401, code: 'unauthorized', message: 'You need to sign in to do that.' }], method);
      }
    });
    assert.deepEqual((await new Client(h.gateway).get(`/api/products/${item.id}`)).body, item);
  });

  test('signed in without admin rights, every change is a 403, nothing is uploaded and nothing changes', async () => {
    const username = `member_${randomUUID().slice(0, 8)}`;
    assert.equal(
      (await new Client(h.gateway).post('/api/auth/register', { username, password: 'password-123', email: `${username}@example.com` })).status,
      202,
    );
    const member = await signIn(username, 'password-123');
    const item = await createProduct();
    await leavesStorageUnchanged(async () => {
      for (const [method, attempt] of attempts(item.id)) {
        const res = await attempt(member);
        assert.deepEqual([res.status, res.body], [403, { statusCode: 403, code: 'forbidden', message: 'Admin access required.' }], method);
      }
    });
    assert.deepEqual((await new Client(h.gateway).get(`/api/products/${item.id}`)).body, item);
  });
});

describe('listing, searching, sorting and paging', () => {
  // A token no other item in this file carries, so searching for it selects exactly this set.
  const token = `zq${randomUUID().slice(0, 6)}`;
  const made: Record<string, CatalogItem> = {};
  const names = (items: CatalogItem[]) => items.map((item) => item.name.slice(token.length + 1));
  const byId = (a: CatalogItem, b: CatalogItem) => (a.id < b.id ? -1 : 1);

  beforeAll(async () => {
    // Created one after the other, so newest first is E, D, C, B, A.
    for (const [letter, fields] of [
      ['Alpha', { price: '30', category: 'Books', featured: 'false' }],
      ['bravo', { price: '10', category: 'Gifts', featured: 'true' }],
      ['Charlie', { price: '20', category: 'Books', featured: 'false' }],
      ['delta', { price: '20.00', category: 'Books', featured: 'true' }],
      ['Echo', { price: '5.5', category: 'Jewelry', featured: 'false', description: `Words from ${token}Psalm 23.` }],
    ] as const) {
      made[letter] = await createProduct({ name: `${token} ${letter}`, ...fields });
    }
  });

  const page = async (query: string) => {
    const res = await new Client(h.gateway).get(`/api/products?q=${token}&${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as CatalogPage;
  };

  test('with any query parameter the answer is one page; the defaults are page 1, 12 per page, featured first', async () => {
    const res = await page('');
    assert.deepEqual(Object.keys(res).sort(), ['items', 'page', 'pageSize', 'total']);
    assert.deepEqual([res.total, res.page, res.pageSize], [5, 1, 12]);
    assert.deepEqual(names(res.items), ['delta', 'bravo', 'Echo', 'Charlie', 'Alpha']);
  });

  test('each sort gives its exact order, equal prices ordered by id', async () => {
    const [c, d] = [made.Charlie, made.delta].sort(byId).map((item) => item.name.slice(token.length + 1));
    assert.deepEqual(names((await page('sort=featured')).items), ['delta', 'bravo', 'Echo', 'Charlie', 'Alpha']);
    assert.deepEqual(names((await page('sort=newest')).items), ['Echo', 'delta', 'Charlie', 'bravo', 'Alpha']);
    assert.deepEqual(names((await page('sort=price-asc')).items), ['Echo', 'bravo', c, d, 'Alpha']);
    assert.deepEqual(names((await page('sort=price-desc')).items), ['Alpha', d, c, 'bravo', 'Echo']);
    assert.deepEqual(names((await page('sort=name')).items), ['Alpha', 'bravo', 'Charlie', 'delta', 'Echo']);
  });

  test('pages of 2 cover every item exactly once, with the total on each page', async () => {
    const pages = [];
    for (let n = 1; n <= 4; n++) pages.push(await page(`sort=price-asc&pageSize=2&page=${n}`));
    assert.deepEqual(
      pages.map((p) => [p.page, p.pageSize, p.total, p.items.length]),
      [
        [1, 2, 5, 2],
        [2, 2, 5, 2],
        [3, 2, 5, 1],
        [4, 2, 5, 0],
      ],
    );
    assert.deepEqual(
      pages.flatMap((p) => p.items),
      (await page('sort=price-asc')).items,
    );
  });

  test('q matches the name or the description, ignoring letter case', async () => {
    const byDescription = await new Client(h.gateway).get(`/api/products?q=${token.toUpperCase()}PSALM`);
    assert.deepEqual([byDescription.body.total, names(byDescription.body.items)], [1, ['Echo']]);
    const byName = await new Client(h.gateway).get(`/api/products?q=${encodeURIComponent(`${token} CHAR`)}`);
    assert.deepEqual(names(byName.body.items), ['Charlie']);
  });

  test('q is matched literally: % and _ are not wildcards', async () => {
    for (const q of [`${token}%`, `${token}_`, '%', '_']) {
      const res = await new Client(h.gateway).get(`/api/products?q=${encodeURIComponent(q)}`);
      assert.deepEqual([res.status, res.body.total], [200, 0], q);
    }
  });

  test('category filters within the search', async () => {
    const res = await page('category=Books&sort=name');
    assert.deepEqual([res.total, names(res.items)], [3, ['Alpha', 'Charlie', 'delta']]);
    assert.deepEqual((await page('category=Apparel')).total, 0);
  });

  test('without any query parameter the answer is the plain array of every product, featured first', async () => {
    const res = await new Client(h.gateway).get('/api/products');
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body));
    const items = res.body as CatalogItem[];
    assert.ok(items.length >= 5);
    assert.ok(items.every((item) => item.kind === 'product'));
    for (const item of Object.values(made))
      assert.deepEqual(
        items.find((i) => i.id === item.id),
        item,
      );
    const firstUnfeatured = items.findIndex((item) => !item.featured);
    assert.ok(items.slice(firstUnfeatured).every((item) => !item.featured));
    const services = await new Client(h.gateway).get('/api/services');
    assert.ok(Array.isArray(services.body) && services.body.every((item: CatalogItem) => item.kind === 'service'));
  });

  for (const [query, message] of [
    ['page=0', 'page must be a whole number from 1'],
    ['page=abc', 'page must be a whole number from 1'],
    ['page=1.5', 'page must be a whole number from 1'],
    ['pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['sort=cheapest', 'sort must be one of featured, price-asc, price-desc, newest, name'],
    ['category=Toys', 'category must be one of Books, Jewelry, Apparel, Home Decor, Gifts'],
    [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ['page=1&page=2', 'page must be a whole number from 1'],
  ]) {
    test(`the query ${query.slice(0, 30)} is a 400 naming the parameter`, async () => {
      const res = await new Client(h.gateway).get(`/api/products?${query}`);
      assert.equal(res.status, 400);
      assert.deepEqual([res.body.code, res.body.message], ['invalid', message]);
    });
  }
});

describe('documentation', () => {
  test('the OpenAPI document lists the catalog and media routes, with multipart bodies for changes', async () => {
    const doc = (await new Client(h.gateway).get('/api/docs/openapi.json')).body;
    assert.deepEqual(
      Object.keys(doc.paths)
        .filter((p) => /^\/(api\/(products|services)|media)/.test(p))
        .sort(),
      [
        '/api/products',
        '/api/products/featured',
        '/api/products/{id}',
        '/api/products/{id}/back-in-stock',
        '/api/products/{id}/stock-movements',
        '/api/services',
        '/api/services/{id}',
        '/media/{path}',
      ],
    );
    assert.deepEqual(Object.keys(doc.paths['/api/products'].post.requestBody.content), ['multipart/form-data']);
    assert.deepEqual(Object.keys(doc.paths['/api/services/{id}'].put.requestBody.content), ['multipart/form-data']);
  });
});

describe('when the catalog does not answer', () => {
  // Runs last: stops the catalog service.
  test('a create is a 503 with a message, and the upload is kept because the catalog may have saved the product', async () => {
    await h.catalog!.service.stop();
    const before = await storedImages();
    const res = await admin.post('/api/products', itemForm(productFields(), png()));
    assert.deepEqual(res.body, { statusCode: 503, code: 'unavailable', message: 'The catalog service did not answer in time. Please try again in a moment.' });
    const kept = (await storedImages()).filter((key) => !before.includes(key));
    assert.equal(kept.length, 1);
    await h.storage.delete(kept[0]);
    const list = await new Client(h.gateway).get('/api/products');
    assert.equal(list.status, 503);
  });
});
