import { test as base, expect, request, type APIRequestContext } from '@playwright/test';
import type { SeededProduct } from './checkout-helpers';
import { adminCredentials } from './helpers';
import { ONE_PIXEL_PNG } from './store-helpers';

export interface ProductFields {
  name?: string;
  price: string;
  category?: string;
  inStock?: boolean;
  /** Units available (ADR 0032); left out: not tracked. */
  stockQuantity?: number;
}

interface Fixtures {
  /** An API session signed in as the admin, with the Origin the gateway wants on unsafe methods; signed out after. */
  adminApi: APIRequestContext;
  /** Creates catalog products through the API for this test; every one is deleted when the test ends. */
  makeProduct: (fields: ProductFields) => Promise<SeededProduct>;
  /** Two in-stock products of this test's own (cheapest first): a $12.50 and a $27.00 one. */
  buyableProducts: SeededProduct[];
}

/**
 * Epic Stack style fixtures: a test creates what it needs through the API and removes it afterwards, so no test
 * depends on another's leftovers and the suite can run twice in a row on one stack.
 */
export const test = base.extend<Fixtures>({
  adminApi: async ({ baseURL }, use) => {
    const origin = new URL(baseURL!).origin;
    const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
    const login = await api.post('/api/auth/login', { data: adminCredentials });
    expect(login.ok(), `admin login: ${login.status()} ${await login.text()}`).toBe(true);
    await use(api);
    await api.post('/api/auth/logout');
    await api.dispose();
  },

  makeProduct: async ({ adminApi }, use, testInfo) => {
    const created: string[] = [];
    await use(async ({ name, price, category = 'Gifts', inStock = true, stockQuantity }) => {
      const res = await adminApi.post('/api/products', {
        multipart: {
          name: name ?? `E2E product ${testInfo.testId.slice(0, 6)}-${created.length + 1}-${Date.now().toString(36)}`,
          price,
          description: 'Made by an end-to-end test; deleted when it ends.',
          category,
          tags: 'e2e',
          inStock: String(inStock),
          featured: 'false',
          ...(stockQuantity === undefined ? {} : { stockQuantity: String(stockQuantity) }),
          image: { name: 'product.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
        },
      });
      expect(res.status(), `create product: ${await res.text()}`).toBe(201);
      const product = (await res.json()) as SeededProduct;
      created.push(product.id);
      return product;
    });
    for (const id of created) {
      const res = await adminApi.delete(`/api/products/${id}`);
      expect([204, 404], `delete product ${id}: ${res.status()}`).toContain(res.status());
    }
  },

  buyableProducts: async ({ makeProduct }, use) => {
    await use([await makeProduct({ price: '12.50' }), await makeProduct({ price: '27.00' })]);
  },
});

export { expect };
