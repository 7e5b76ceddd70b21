import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

test('the vocabulary entry loads without zod, so a browser bundle of it carries no schema library', () => {
  // A fresh process: this test's own process may have loaded zod through other specs.
  const loaded = execFileSync(process.execPath, [
    '-e',
    "require('@km/contracts/vocabulary'); process.stdout.write(JSON.stringify(Object.keys(require.cache).filter((f) => /[\\\\/]node_modules[\\\\/]/.test(f))))",
  ]).toString();
  assert.deepEqual(JSON.parse(loaded), []);
});

test('the main entry offers the same vocabulary objects, so services and the web read one list', async () => {
  const [main, vocabulary] = await Promise.all([import('../index'), import('./index')]);
  assert.equal(main.INBOX_STATUSES, vocabulary.INBOX_STATUSES);
  assert.equal(main.ORDER_STATUSES, vocabulary.ORDER_STATUSES);
  assert.equal(main.PRODUCT_CATEGORIES, vocabulary.PRODUCT_CATEGORIES);
});
