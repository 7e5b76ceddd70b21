import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { folderCycleProblems, KNOWN_CYCLES } from './folder-cycles';
import { trackerReferenceProblems, trackerReferences } from './tracker-references';

// The checks `npm run lint` runs after ESLint (tools/lint/check.ts, ADR 0041), each fed a small repository written
// to a temporary folder.
const REPO = path.resolve(__dirname, '..', '..');
let repo: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
};

beforeEach(() => {
  repo = mkdtempSync(path.join(tmpdir(), 'km-structure-'));
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

test('two folders of one service that import each other are a loop, named with the imports that close it', () => {
  write('services/demo/src/orders/orders.service.ts', "import { intent } from '../payments/intents';\nexport const order = intent;\n");
  write('services/demo/src/payments/intents.ts', "import type { Order } from '../orders/order';\nexport const intent = 1;\n");
  write('services/demo/src/orders/order.ts', 'export interface Order { id: string }\n');
  const problems = folderCycleProblems(repo, []);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^services\/demo\/src: the folders orders, payments import each other in a loop/);
  assert.match(problems[0], /orders → payments: orders\/orders\.service\.ts → payments\/intents\.ts/);
  assert.match(problems[0], /payments → orders: payments\/intents\.ts → orders\/order\.ts/);
});

test('a longer loop (a → b → c → a) is one problem; files under src/ itself compose the folders and close no loop', () => {
  write('services/demo/src/a/a.ts', "export { b } from '../b';\n");
  write('services/demo/src/b/index.ts', "import { c } from '../c/c';\nexport const b = c;\n");
  write('services/demo/src/c/c.ts', "import '../a/a';\nimport { config } from '../config';\nexport const c = config;\n");
  write('services/demo/src/config.ts', "import { b } from './b';\nexport const config = b;\n");
  assert.deepEqual(
    folderCycleProblems(repo, []).map((p) => p.split('\n')[0]),
    ['services/demo/src: the folders a, b, c import each other in a loop; make the dependency run one way (ADR 0041):'],
  );
});

test('dependencies that run one way pass, and so does an import inside one folder or of a package', () => {
  write('services/demo/src/orders/orders.service.ts', "import { intent } from '../payments/intents';\nimport { z } from 'zod';\nimport { x } from './x';\n");
  write('services/demo/src/orders/x.ts', 'export const x = 1;\n');
  write('services/demo/src/payments/intents.ts', "import { Subjects } from '@km/contracts/orders';\nexport const intent = Subjects;\n");
  assert.deepEqual(folderCycleProblems(repo, []), []);
});

test("a web feature's folders are held to the same rule through the @/ alias", () => {
  write('web/src/features/cart/api/cart.ts', "import { CartLine } from '@/features/cart/components/cart-line';\n");
  write('web/src/features/cart/components/cart-line.tsx', "import { cart } from '../api/cart';\nexport const CartLine = cart;\n");
  const problems = folderCycleProblems(repo, []);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /^web\/src\/features\/cart: the folders api, components import each other/);
});

test('a known loop passes while it stays as listed, and fails once it changes, so the list cannot go stale', () => {
  write('services/demo/src/orders/o.ts', "import '../payments/p';\n");
  write('services/demo/src/payments/p.ts', "import '../orders/o';\n");
  const known = [{ root: 'services/demo/src', folders: ['payments', 'orders'], why: 'a fixture' }];
  assert.deepEqual(folderCycleProblems(repo, known), []);
  write('services/demo/src/pricing/r.ts', "import '../orders/o';\n");
  write('services/demo/src/payments/p.ts', "import '../orders/o';\nimport '../pricing/r';\n");
  const grown = folderCycleProblems(repo, known);
  assert.equal(grown.length, 2);
  assert.match(grown[0], /the folders orders, payments, pricing import each other in a loop/);
  assert.match(grown[1], /the known loop payments, orders \(tools\/lint\/folder-cycles\.ts KNOWN_CYCLES\) changed or is gone/);
});

test('the repository has no folder loop but the known ones, each of which says why', () => {
  assert.deepEqual(folderCycleProblems(REPO), []);
  for (const known of KNOWN_CYCLES) assert.ok(known.why.length > 40, known.root);
});

// Built from parts so that this file does not trip the check it tests.
const ISSUE = 'iss' + 'ue';
test('a code line naming an outside tracker’s issue or pull request is reported with its file and line', () => {
  const lines = [
    `// The fault suite found it (${ISSUE} 15).`,
    ` * ${ISSUE[0].toUpperCase()}${ISSUE.slice(1)} 25, finding 7: the same answer.`,
    `test('${ISSUE} #14: fast', () => {});`,
    `// See ${'#'}142 for the background.`,
    `// Fixed in PR ${'#'}7.`,
    `// From the review (${'#'}31).`,
  ];
  assert.deepEqual(
    trackerReferences('x.ts', lines.join('\n')).map((l) => l.split(':')[1]),
    ['1', '2', '3', '4', '5', '6'],
  );
});

test('ADRs, colours, HTML entities and ordinary numbers are not tracker references', () => {
  const text = [
    '// ADR 0026: an email carries an account only once proved.',
    "const style = 'color:#666; background: #fff';",
    "const quote = '&#39;';",
    '// the 15th of the month, 25 % of the issues we fixed',
    "const e = new Error('issued 3 tokens');",
  ].join('\n');
  assert.deepEqual(trackerReferences('x.ts', text), []);
});

test('the check walks the code folders and ignores node_modules and dist', () => {
  write('services/demo/src/a.ts', `// ${ISSUE} 9\n`);
  write('services/demo/node_modules/x/index.js', `// ${ISSUE} 9\n`);
  write('services/demo/dist/a.js', `// ${ISSUE} 9\n`);
  write('web/src/b.tsx', `/* closes ${'#'}3 */\n`);
  assert.deepEqual(trackerReferenceProblems(repo), [`services/demo/src/a.ts:1: // ${ISSUE} 9`, `web/src/b.tsx:1: /* closes ${'#'}3 */`]);
});

test('the repository names no outside tracker’s issue in its code', () => {
  assert.deepEqual(trackerReferenceProblems(REPO), []);
});
