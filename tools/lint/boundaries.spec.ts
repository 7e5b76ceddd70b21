import { ESLint } from 'eslint';
import assert from 'node:assert/strict';
import path from 'node:path';

// The repository's own eslint.config.mjs, run on snippets placed (virtually) in real folders, so the
// import targets resolve to real files exactly as in `npm run lint`.
const ROOT = path.resolve(__dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'no-restricted-imports'];

/** The boundary findings for `code` as if it were the file `file` (relative to the repository). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.includes(m.ruleId) && m.severity === 2).map((m) => m.ruleId as string);
}

test("a service importing another service's file by a relative path is an error", async () => {
  assert.deepEqual(await boundaryErrors('services/gateway/src/example.ts', "import { loadOrdersConfig } from '../../orders/src/config';\n"), [
    'import-x/no-restricted-paths',
  ]);
  // However deep the importing file sits.
  assert.deepEqual(
    await boundaryErrors('services/orders/src/payments/deep/example.ts', "import { loadCatalogConfig } from '../../../../catalog/src/config';\n"),
    ['import-x/no-restricted-paths'],
  );
});

test("a service importing another service's package is an error, whether or not its dist/ is built", async () => {
  // The text rule always reports it; the path rule reports it as well once the package's dist/ is built.
  assert.ok((await boundaryErrors('services/orders/src/example.ts', "import { AppModule } from '@km/catalog';\n")).includes('no-restricted-imports'));
  assert.ok(
    (await boundaryErrors('services/gateway/src/example.ts', "import { loadOrdersConfig } from '@km/orders/dist/src/config';\n")).includes(
      'no-restricted-imports',
    ),
  );
});

test("a service's tests may not import another service either, its dist/ included (ADR 0014)", async () => {
  assert.ok(
    (await boundaryErrors('services/gateway/test/example.ts', "import { loadOrdersConfig } from '@km/orders/dist/src/config';\n")).includes(
      'no-restricted-imports',
    ),
  );
  assert.deepEqual(await boundaryErrors('services/gateway/test/example.ts', "import { loadOrdersConfig } from '../../orders/src/config';\n"), [
    'import-x/no-restricted-paths',
  ]);
  assert.deepEqual((await boundaryErrors('services/gateway/test/example.ts', "import { x } from '@km/orders/src/config';\n")).sort(), [
    'import-x/no-restricted-paths',
    'no-restricted-imports',
  ]);
});

test('a library importing a service is an error', async () => {
  assert.deepEqual(await boundaryErrors('libs/nest-kit/src/example.ts', "import { loadOrdersConfig } from '../../../services/orders/src/config';\n"), [
    'import-x/no-restricted-paths',
  ]);
  assert.ok((await boundaryErrors('libs/contracts/src/example.ts', "import { AppModule } from '@km/catalog';\n")).includes('no-restricted-imports'));
});

test('a web feature importing another feature is an error, through the @/ alias or a relative path', async () => {
  const file = 'web/src/features/cart/components/example.tsx';
  const viaAlias = await boundaryErrors(file, "import { getCatalogPage } from '@/features/store/api/get-catalog-page';\n");
  assert.ok(viaAlias.includes('no-restricted-imports') && viaAlias.includes('import-x/no-restricted-paths'), viaAlias.join());
  assert.deepEqual(await boundaryErrors(file, "import { getCatalogPage } from '../../store/api/get-catalog-page';\n"), ['import-x/no-restricted-paths']);
});

test('shared web code (components, lib, config) importing a feature is an error', async () => {
  for (const file of ['web/src/components/example.tsx', 'web/src/lib/example.ts', 'web/src/config/example.ts']) {
    const errors = await boundaryErrors(file, "import { cartItemAdded } from '@/features/cart/cart-slice';\n");
    assert.ok(errors.includes('no-restricted-imports') && errors.includes('import-x/no-restricted-paths'), `${file}: ${errors.join()}`);
  }
});

test("orders' payments importing the order's service, or any of orders/ but its payments entry point, is an error", async () => {
  for (const file of [
    'services/orders/src/payments/stripe-webhooks.service.ts',
    'services/orders/src/payments/deep/example.ts',
    'services/orders/src/webhooks/stripe-webhooks.service.ts',
    'services/orders/src/webhooks/deep/example.ts',
  ]) {
    const up = file.includes('/deep/') ? '../../' : '../';
    assert.deepEqual(await boundaryErrors(file, `import { OrdersService } from '${up}orders/orders.service';\n`), ['import-x/no-restricted-paths'], file);
    assert.deepEqual(
      await boundaryErrors(file, `import { lockPaymentIntent } from '${up}orders/payment-intent-lock';\n`),
      ['import-x/no-restricted-paths'],
      file,
    );
    assert.deepEqual(await boundaryErrors(file, `import { OrderPaymentsService } from '${up}orders/order-payments.service';\n`), [], file);
    assert.deepEqual(await boundaryErrors(file, `import { OrderPaymentsModule } from '${up}orders/order-payments.module';\n`), [], file);
    assert.deepEqual(await boundaryErrors(file, `import { OrdersModule } from '${up}orders/orders.module';\n`), ['import-x/no-restricted-paths'], file);
  }
});

test("the order's service (or anything in orders/) importing orders' webhook handling is an error", async () => {
  for (const file of ['services/orders/src/orders/orders.service.ts', 'services/orders/src/orders/orders.handlers.ts']) {
    assert.deepEqual(
      await boundaryErrors(file, "import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';\n"),
      ['import-x/no-restricted-paths'],
      file,
    );
  }
});

test('imports along the allowed directions raise no boundary error', async () => {
  const allowed: [string, string][] = [
    [
      'services/orders/src/example.ts',
      "import { CatalogSubjects } from '@km/contracts';\nimport { RpcClient } from '@km/nest-kit';\nimport { loadOrdersConfig } from './config';\n",
    ],
    ['services/gateway/src/example.ts', "import { AppError } from '@km/nest-kit';\n"],
    ['libs/nest-kit/src/example.ts', "import { EVENTS_STREAM } from '@km/contracts';\nimport { AppError } from './errors/app-error';\n"],
    [
      'web/src/features/store/components/example.tsx',
      "import { getCatalogPage } from '../api/get-catalog-page';\nimport { Button } from '@/components/ui/button';\nimport { apiClient } from '@/lib/api-client';\nimport { getCatalogPage as again } from '@/features/store/api/get-catalog-page';\n",
    ],
    [
      'web/src/app/example.tsx',
      "import { cartItemAdded } from '@/features/cart/cart-slice';\nimport { getCatalogPage } from '@/features/store/api/get-catalog-page';\n",
    ],
    ['web/src/components/example.tsx', "import { formatPrice } from '@/lib/format-price';\n"],
    // The order's way down to payments stays open: it prices and charges through them.
    ['services/orders/src/orders/example.ts', "import { PaymentIntentsService } from '../payments/payment-intents.service';\n"],
  ];
  for (const [file, code] of allowed) assert.deepEqual(await boundaryErrors(file, code), [], file);
});
