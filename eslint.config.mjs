// ESLint for the whole repository (`npm run lint`, and the first suite of `npm test`).
// Not type-aware on purpose: the whole lint has to stay well under a minute on two cores.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

// Read from the folders, so a new service or web feature is fenced in without editing this file.
const services = foldersIn('services').filter((name) => existsSync(path.join(root, 'services', name, 'package.json')));
const features = foldersIn('web/src/features');

const SERVICE_RULE = 'Services meet only through libs/* (@km/contracts, @km/nest-kit): see docs/style.md and docs/architecture.md.';
const LIB_RULE = 'Libraries never depend on a service.';
const FEATURE_RULE = 'A web feature never imports another feature: move the shared piece to web/src/{components,lib} or compose in web/src/app.';
const SHARED_WEB_RULE = 'Shared web code (components, lib, config) never imports a feature: imports flow shared → features → app.';
const ORDER_PAYMENTS_RULE =
  "Orders' payments and webhooks reach the order only through orders/order-payments.service.ts (and its module, order-payments.module.ts): a webhook handler calls one entry point of the aggregate it changes.";
const ORDER_WEBHOOKS_RULE = "The order never imports orders' webhook handling (webhooks/): the webhook calls the aggregate, not the other way round.";

/**
 * Boundaries on resolved paths (relative imports, the `@/` alias, workspace packages after their realpath), so
 * `../../orders/src/x` is caught however deep the importing file sits and `../catalog` inside a feature is not.
 */
const zones = [
  // Tests included: a test gets another service over the bus or as a process, never by importing it (ADR 0014).
  ...services.map((name) => ({ target: `services/${name}`, from: 'services', except: [`./${name}`], message: SERVICE_RULE })),
  ...services.map((name) => ({ target: `services/${name}`, from: ['web', 'e2e'], message: SERVICE_RULE })),
  { target: 'libs', from: ['services', 'web', 'tools', 'e2e'], message: LIB_RULE },
  ...features.map((name) => ({ target: `web/src/features/${name}`, from: 'web/src/features', except: [`./${name}`], message: FEATURE_RULE })),
  { target: ['web/src/components', 'web/src/lib', 'web/src/config'], from: 'web/src/features', message: SHARED_WEB_RULE },
  // Inside a service dependencies run one way too (tools/lint/folder-cycles.ts checks every folder, ADR 0041); in
  // orders the webhook reaches the aggregate through one entry point, and the aggregate never imports the webhook.
  ...['payments', 'webhooks'].map((folder) => ({
    target: `services/orders/src/${folder}`,
    from: 'services/orders/src/orders',
    except: ['./order-payments.service.ts', './order-payments.module.ts'],
    message: ORDER_PAYMENTS_RULE,
  })),
  { target: 'services/orders/src/orders', from: 'services/orders/src/webhooks', message: ORDER_WEBHOOKS_RULE },
];

/**
 * The same boundaries on the import text, for what the resolver cannot see: a workspace package (`@km/orders`) whose
 * dist/ is not built yet resolves to nothing, and the lint runs before the build.
 */
const servicePackage = (names) => `^@km/(${names.join('|')})(/|$)`;
const restricted = (patterns) => ['error', { patterns }];
const boundaryBlocks = [
  ...services.map((name) => ({
    files: [`services/${name}/**`],
    rules: {
      'no-restricted-imports': restricted([{ regex: servicePackage(services.filter((s) => s !== name)), message: SERVICE_RULE }]),
    },
  })),
  { files: ['libs/**'], rules: { 'no-restricted-imports': restricted([{ regex: servicePackage(services), message: LIB_RULE }]) } },
  ...features.map((name) => ({
    files: [`web/src/features/${name}/**`],
    rules: { 'no-restricted-imports': restricted([{ regex: `^@/features/(?!${name}(/|$))`, message: FEATURE_RULE }]) },
  })),
  {
    files: ['web/src/components/**', 'web/src/lib/**', 'web/src/config/**'],
    rules: { 'no-restricted-imports': restricted([{ regex: '^@/features(/|$)', message: SHARED_WEB_RULE }]) },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/.nx/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.artifacts/**',
      'bench/results/**',
      '**/*.tsbuildinfo',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['web/tsconfig.json', 'tsconfig.base.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // `_`-prefixed names are kept on purpose (positional parameters, destructuring that drops a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    rules: {
      // The validators that reject control characters have to name them.
      'no-control-regex': 'off',
    },
  },
  {
    // TypeORM types entity and migration classes as `Function`; the kit passes them through as TypeORM wants them.
    files: ['libs/nest-kit/src/**'],
    rules: { '@typescript-eslint/no-unsafe-function-type': 'off' },
  },
  {
    // Tests, benchmarks and the Stripe emulator read free-form JSON whose shape each assertion or handler checks.
    files: ['**/test/**', 'tests/**', '**/*.spec.ts', '**/*.test.ts', 'e2e/**', 'bench/**', 'tools/faults/**', 'tools/stripe-emulator/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Jest's configs (ADR 0014) are CommonJS, as Jest loads them.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaryBlocks,
  {
    // The contracts' root entry is the whole schema library (about 100 KB gzipped): a value imported from it lands in
    // the page's JavaScript. The web takes values from '@km/contracts/vocabulary', and only types from the root.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@km/contracts$', allowTypeImports: true, message: "Values for the web come from '@km/contracts/vocabulary' (no schema library)." },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Served to the browser by the Stripe emulator in place of Stripe.js.
    files: ['tools/stripe-emulator/stripe-js.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
    // Plain ES5 for any browser, without a build: `var self = this` is how its callbacks reach the instance.
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
);
