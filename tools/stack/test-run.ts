import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build';
import { ROOT, stackSettings, type StackSettings } from './config';
import { printFaultNote, startFaultStack } from './faults';
import { deployStage } from '../deploy/deploy-stage';
import { errorLine, firstLine, tapFailures } from './test-report';
import { assertPortsFree, startInfra, type InfraUrls } from './infra';
import { BUS_USERS, TEST_INSPECTOR_USER } from './nats-permissions';
import { killLeftovers, ProcessGroup } from './processes';
import { startServices } from './services';
import { ensureSystemPackages } from './system-packages';

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  skipped: number;
  /** How long the stage took (beside others: lint runs along the unit tests). */
  seconds?: number;
  /** What failed, one line each (file and test, the error's first line): the summary repeats them, since CI shows only the tail. */
  failures?: string[];
}

/** `tally` with the seconds since `started`. */
const timed = (tally: Tally, started: number): Tally => ({ ...tally, seconds: (Date.now() - started) / 1000 });

/** Adds up tallies of one suite (its runners' results), failures kept. */
const sum = (suite: Suite, tallies: Tally[]): Tally =>
  tallies.reduce<Tally>(
    (a, t) => ({
      suite,
      passed: a.passed + t.passed,
      failed: a.failed + t.failed,
      skipped: a.skipped + t.skipped,
      failures: [...a.failures!, ...(t.failures ?? [])],
    }),
    zero(suite),
  );

const SUITES = ['lint', 'unit', 'integration', 'e2e', 'faults', 'deploy'] as const;
type Suite = (typeof SUITES)[number];

function findFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => pattern.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** Every project: the libraries, the services and the top-level suites (tests/system, the cross-service tests). */
const projectDirs = () =>
  ['libs', 'services', 'tests'].flatMap((group) =>
    readdirSync(path.join(ROOT, group))
      .map((name) => path.join(ROOT, group, name))
      .filter((d) => existsSync(path.join(d, 'package.json')) || existsSync(path.join(d, 'project.json'))),
  );

/** Runs a command to its end; its output goes to this terminal, or with `log` to that file (a stage run beside another). */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, log?: string): Promise<number> {
  const out = log ? openSync(log, 'w') : undefined;
  try {
    return await new Promise((resolve) => {
      const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: out === undefined ? 'inherit' : ['ignore', out, out] });
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    if (out !== undefined) closeSync(out);
  }
}

/**
 * Runs each file with node's test runner in a Node process of its own, one after another, printing the spec report and
 * counting from a TAP copy per file. Not `node --test`: its parent reads each file's results from the child's stdout as
 * V8-serialized frames, and that channel now and then breaks ("Unable to deserialize cloned data", nodejs/node#48103
 * and #64061): the file is then failed as a whole and its passed tests uncounted, as CI saw once. Each process here
 * reports by itself, with the same isolation.
 */
async function nodeTests(suite: Suite, files: string[], env: NodeJS.ProcessEnv, reportDir: string, cwd = ROOT): Promise<Tally> {
  const tally: Tally = zero(suite);
  const tapDir = path.join(reportDir, `${suite}-${path.basename(cwd)}`);
  mkdirSync(tapDir, { recursive: true });
  for (const [index, file] of files.entries()) {
    const tap = path.join(tapDir, `${index}-${path.basename(file)}.tap`);
    const args = [
      '--import',
      'tsx',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      file,
    ];
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'pipe'] });
      let text = '';
      child.stderr.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        text = (text + chunk.toString()).slice(-4000);
      });
      child.on('close', (exit, signal) => resolve({ code: exit ?? (signal ? 1 : 0), stderr: text }));
    });
    const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    const count = (key: string) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
    const failed = count('fail') + count('cancelled');
    tally.passed += count('pass');
    tally.failed += failed;
    tally.skipped += count('skipped') + count('todo');
    tally.failures!.push(...tapFailures(text, cwd));
    // A file that ended badly without reporting a failed test (it threw while loading, or was killed) is one of its own.
    if (code !== 0 && failed === 0) {
      const error = errorLine(stderr.split('\n'));
      tally.failed += 1;
      tally.failures!.push(`${path.relative(cwd, file)}: exited with ${code}${error ? `: ${firstLine(error)}` : ''}`);
    }
  }
  return tally;
}

const zero = (suite: Suite): Tally => ({ suite, passed: 0, failed: 0, skipped: 0, failures: [] });

/**
 * Runs Jest in band with one config (ADR 0014), printing its report and counting from its JSON result. `--forceExit`:
 * a service a failed test left running must not keep the run open forever.
 */
/**
 * A word given on the command line (`npm test -- integration billing.test`) selects the files whose path inside the
 * repository matches it, never the folder the repository sits in (a clone in /work/wt-billing is not all "billing").
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inRepository = (word: string) => `^${escapeRegExp(ROOT + path.sep)}.*(?:${word})`;
const repositoryPathMatches = (file: string, word: string) => new RegExp(word).test(path.relative(ROOT, file));

async function jestTests(
  suite: Suite,
  config: string,
  env: NodeJS.ProcessEnv,
  reportDir: string,
  name: string,
  patterns: string[] = [],
  log?: string,
): Promise<Tally> {
  const json = path.join(reportDir, `${suite}-${name}.json`);
  const code = await run(
    path.join(ROOT, 'node_modules', '.bin', 'jest'),
    ['--ci', '--runInBand', '--forceExit', '--json', `--outputFile=${json}`, '--config', config, ...patterns.map(inRepository)],
    env,
    ROOT,
    log,
  );
  const tally = zero(suite);
  if (existsSync(json)) {
    const result = JSON.parse(readFileSync(json, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numRuntimeErrorTestSuites: number;
      testResults: {
        name: string;
        status: string;
        message: string;
        assertionResults: { status: string; title: string; fullName: string; failureMessages: string[] }[];
      }[];
    };
    const failures: string[] = [];
    for (const file of result.testResults) {
      const where = path.relative(ROOT, file.name);
      const failed = file.assertionResults.filter((a) => a.status === 'failed');
      for (const a of failed) failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages[0], a.title)}`);
      if (file.status === 'failed' && failed.length === 0) failures.push(`${where}: ${firstLine(file.message)}`);
    }
    // A file that fails to load runs no test: count it as a failure of its own.
    Object.assign(tally, {
      passed: result.numPassedTests,
      failed: result.numFailedTests + result.numRuntimeErrorTestSuites,
      skipped: result.numPendingTests + result.numTodoTests,
      failures,
    });
  }
  // A runner that died without reporting still counts as a failure.
  if (code !== 0 && tally.failed === 0) Object.assign(tally, { failed: 1, failures: [`${name}: jest exited with ${code}`] });
  return tally;
}

/**
 * `npm run lint` (ESLint, import boundaries, every project's type-check) counted as one test: any error fails `npm
 * test`. Given `reportDir`, it runs beside the unit tests after the build (ADR 0074): its output goes to a file there,
 * printed when it ends, and it runs `lint:built`, the same checks without lint's own build of the libraries, which
 * would find the type-check's declarations in their dist folders and restore them from Nx's cache (every file removed
 * and copied again) under the unit tests reading them.
 */
async function lint(reportDir?: string): Promise<Tally> {
  const log = reportDir && path.join(reportDir, 'lint.log');
  const code = await run('npm', ['run', '--silent', reportDir ? 'lint:built' : 'lint'], {}, ROOT, log);
  if (log) console.log(`\n━━ lint (ran beside the unit tests)\n${readFileSync(log, 'utf8').trimEnd() || 'clean'}`);
  return {
    suite: 'lint',
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    failures: code === 0 ? [] : [`npm run lint exited with ${code} (its output is above)`],
  };
}

interface PlaywrightSuite {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

/** Each spec that did not pass as expected (failed, or passed only on a retry), with its file, line and first error line. */
function playwrightFailures(suites: PlaywrightSuite[], titles: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const path_ = suite.title.endsWith('.ts') ? titles : [...titles, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
        .map(
          (t) =>
            `${spec.file}:${spec.line} › ${[...path_, spec.title].join(' › ')}: ${t.status === 'flaky' ? '(passed on a retry) ' : ''}${firstLine(t.results.find((r) => r.error)?.error?.message)}`,
        ),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], path_)];
  });
}

async function playwright(env: NodeJS.ProcessEnv, reportDir: string, grep: string[]): Promise<Tally> {
  const json = path.join(reportDir, 'e2e.json');
  const code = await run(path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test', ...grep], { ...env, E2E_JSON_REPORT: json }, path.join(ROOT, 'e2e'));
  const tally: Tally = zero('e2e');
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites?: PlaywrightSuite[];
    };
    const { stats } = report;
    Object.assign(tally, {
      passed: stats.expected,
      failed: stats.unexpected + stats.flaky,
      skipped: stats.skipped,
      failures: playwrightFailures(report.suites ?? []),
    });
  }
  if (code !== 0 && tally.failed === 0) Object.assign(tally, { failed: 1, failures: [`playwright exited with ${code}`] });
  return tally;
}

/**
 * `npm test`: builds, runs unit tests, starts a throw-away stack on the test ports,
 * runs integration tests against its real servers, starts every service and runs
 * Playwright through the gateway, then prints one `N passed, N failed` line.
 * `npm test -- unit` (or lint, integration, e2e, faults, deploy) runs one suite; lint alone runs before any build, with
 * other suites after the build, beside the unit tests.
 * `npm test -- integration checkout.test profit-bonuses` (or `faults security-sessions`) runs only the integration files whose name contains one of the words (matched against the built dist/test/*.test.js).
 */
export async function runTests(args: string[], onStop: (stop: () => Promise<void>) => void): Promise<number> {
  const only = args.filter((a): a is Suite => (SUITES as readonly string[]).includes(a));
  const wanted = (s: Suite) => only.length === 0 || only.includes(s);
  const playwrightArgs = args.filter((a) => !(SUITES as readonly string[]).includes(a));
  const settings = stackSettings('test');
  const reportDir = path.join(settings.dataDir, 'reports');
  const tallies: Tally[] = [];
  const started = Date.now();

  // The fault suite's stack runs beside the test stack (ADR 0078), FAULT_STACK_OFFSET ports up, in a folder of its own.
  const faultSettings = stackSettings('test', { name: 'faults', offset: FAULT_STACK_OFFSET });

  for (const dir of [settings.dataDir, faultSettings.dataDir]) {
    killLeftovers(path.join(dir, 'stack.pids'), dir);
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(reportDir, { recursive: true });
  const group = new ProcessGroup(path.join(settings.dataDir, 'logs'), path.join(settings.dataDir, 'stack.pids'));
  const faultGroup = new ProcessGroup(path.join(faultSettings.dataDir, 'logs'), path.join(faultSettings.dataDir, 'stack.pids'));
  onStop(() => Promise.all([group.stopAll(), faultGroup.stopAll()]).then(() => undefined));

  try {
    if (only.length > 0 && only.every((s) => s === 'lint')) {
      console.log('\n━━ lint');
      tallies.push(await lint());
      return summary(tallies, started);
    }

    // Chromium is needed by the browser suite and by the Stripe emulator's browser spec (unit).
    ensureSystemPackages(['postgresql', 'redis', 'nats', 'ceph', 'chromium', 'ffmpeg']);
    await buildAll();

    // Beside the unit tests (ADR 0074): lint (mostly ESLint and tsc, one core each) and the test stack's servers (Ceph's
    // start is mostly waiting). Both are awaited before the integration tests, which want the machine to themselves.
    const lintStarted = Date.now();
    const linted = wanted('lint') ? lint(reportDir).then((t) => timed(t, lintStarted)) : undefined;
    const needsStack = wanted('integration') || wanted('e2e');
    const stack = needsStack
      ? assertPortsFree(settings.ports).then(() => {
          console.log(`\n━━ starting the test stack (Postgres, Redis, NATS, S3, mail catcher)${wanted('unit') ? ' beside the unit tests' : ''}`);
          return startInfra(settings, group);
        })
      : undefined;
    // Awaited below; a failure meanwhile must not be reported as unhandled.
    stack?.catch(() => undefined);

    if (wanted('unit')) {
      const unitStarted = Date.now();
      console.log('\n━━ unit tests');
      // In band: jest-light-runner then runs every spec in one Node process, the fastest way here (ADR 0014).
      const backend = await jestTests('unit', path.join(ROOT, 'jest.config.cjs'), {}, reportDir, 'backend');
      // The tools' specs are TypeScript that tsc does not build: Node loads them through tsx.
      const tools = await jestTests('unit', path.join(ROOT, 'tools', 'jest.config.cjs'), { NODE_OPTIONS: '--import=tsx' }, reportDir, 'tools');
      // The web's specs stay on node:test through tsx (ADR 0014), run from web/ so tsx resolves its `@/` path alias.
      const web = await nodeTests('unit', findFiles(path.join(ROOT, 'web', 'src'), /\.spec\.ts$/), {}, reportDir, path.join(ROOT, 'web'));
      tallies.push(timed(sum('unit', [backend, tools, web]), unitStarted));
    }

    if (linted) tallies.unshift(await linted);

    // The fault suite beside the integration and browser tests (ADR 0078): on its own stack, it mostly waits (for
    // processes to die, restart and catch up), as the integration tests do; its report is printed when it ends.
    const faultsStarted = Date.now();
    const faults = wanted('faults')
      ? faultSuite(faultSettings, faultGroup, reportDir, only.length === 1 ? playwrightArgs : [], !!stack).then((t) => timed(t, faultsStarted))
      : undefined;
    faults?.catch(() => undefined);

    if (stack) {
      const urls = await stack;

      if (wanted('integration')) {
        const integrationStarted = Date.now();
        console.log('\n━━ integration tests against the real servers');
        // One project, and in it one file, at a time: services started by different files would answer each
        // other's requests on the one bus. Each project runs in a Node process of its own.
        const results: Tally[] = [];
        // `npm test -- integration <path fragment> …` runs only the files whose path contains one of them.
        const patterns = only.length === 1 ? playwrightArgs : [];
        const chosen = (dir: string) => patterns.length === 0 || findFiles(dir, /\.test\.ts$/).some((f) => patterns.some((p) => repositoryPathMatches(f, p)));
        for (const dir of projectDirs().filter((d) => existsSync(path.join(d, 'jest.integration.config.cjs')) && chosen(d))) {
          // tsx: the gateway's checkout tests start the Stripe emulator from its TypeScript source.
          const env = { ...testServerEnv(urls), NODE_OPTIONS: '--import=tsx' };
          results.push(await jestTests('integration', path.join(dir, 'jest.integration.config.cjs'), env, reportDir, path.basename(dir), patterns));
        }
        tallies.push(timed(sum('integration', results), integrationStarted));
      }

      if (wanted('e2e')) {
        const e2eStarted = Date.now();
        console.log('\n━━ starting every service and the gateway');
        await startServices(settings, urls, group);
        console.log('\n━━ end-to-end tests in Chromium through the gateway');
        tallies.push(
          await playwright(
            {
              E2E_BASE_URL: `http://localhost:${settings.ports.gateway}`,
              E2E_ADMIN_USERNAME: settings.adminUsername,
              E2E_ADMIN_PASSWORD: settings.adminPassword,
              E2E_MAIL_API_URL: urls.mailWebUrl,
              // Lets the payouts spec date a referral back to a past month (a payout month must have come).
              E2E_MEMBERSHIP_DATABASE_URL: urls.databaseUrl('membership'),
              // Lets the billing spec put a member on a Stripe test clock and make their renewal fail (ADR 0059).
              E2E_STRIPE_API_URL: urls.stripeApi,
              // Lets the newsletter spec write confirmed subscribers (double opt-in is proved by the system tests).
              E2E_FORMS_DATABASE_URL: urls.databaseUrl('forms'),
            },
            reportDir,
            playwrightArgs,
          ).then((t) => timed(t, e2eStarted)),
        );
      }
    }

    if (faults) {
      // The test stack's work is done: its processes need not compete with the fault suite's last scenarios.
      await group.stopAll();
      tallies.push(await faults);
    }

    if (wanted('deploy')) {
      const deployStarted = Date.now();
      // The images built and run as containers against a fresh infrastructure (ADR 0068).
      await group.stopAll();
      console.log('\n━━ deploy: every image built with Docker, the product run as containers, compose and k8s checked');
      tallies.push(
        await deployStage(settings, group, (env) =>
          jestTests('deploy', path.join(ROOT, 'tools', 'deploy', 'jest.config.cjs'), { ...env, NODE_OPTIONS: '--import=tsx' }, reportDir, 'deploy'),
        ).then((t) => timed(t, deployStarted)),
      );
    }
  } catch (error) {
    console.error(`\n✖ ${(error as Error).message}`);
    tallies.push({ suite: 'setup', passed: 0, failed: 1, skipped: 0 });
  } finally {
    await Promise.all([group.stopAll(), faultGroup.stopAll()]);
  }

  return summary(tallies, started);
}

/** The fault stack's ports: the test stack's plus this. Clear of the test stack's, the dev stack's and their Ceph OSDs' (16800–16807). */
const FAULT_STACK_OFFSET = 20;

/**
 * The fault suite: kill -9, SIGSTOP, a paused Redis and a cut database against a fresh stack of its own. Beside another
 * suite (`beside`), its output goes to a file, printed when it ends, so the two reports do not interleave.
 */
async function faultSuite(settings: StackSettings, group: ProcessGroup, reportDir: string, patterns: string[], beside: boolean): Promise<Tally> {
  const log = beside ? path.join(reportDir, 'faults.log') : undefined;
  const title = `━━ fault suite: kill -9, SIGSTOP and paused Redis against a fresh stack${beside ? ' (ran beside the integration and browser tests)' : ''}`;
  if (!beside) console.log(`\n${title}`);
  try {
    const env = { ...(await startFaultStack(settings, group)), NODE_OPTIONS: '--import=tsx' };
    // `npm test -- faults <file word> …` runs only the fault files whose path contains one of them.
    return await jestTests('faults', path.join(ROOT, 'tools', 'faults', 'jest.config.cjs'), env, reportDir, 'faults', patterns, log);
  } catch (error) {
    return { suite: 'faults', passed: 0, failed: 1, skipped: 0, failures: [`the fault stack did not start: ${(error as Error).message}`] };
  } finally {
    await group.stopAll();
    if (log) console.log(`\n${title}\n${existsSync(log) ? readFileSync(log, 'utf8').trimEnd() : '(no output)'}`);
    printFaultNote(settings);
  }
}

function summary(tallies: Tally[], started: number): number {
  const total = tallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, skipped: a.skipped + t.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  const failures = tallies.flatMap((t) => (t.failures ?? []).map((f) => `  ✕ ${t.suite}: ${f}`));
  if (failures.length) console.log(`\n━━ what failed\n${failures.join('\n')}`);
  console.log('\n━━ summary');
  for (const t of tallies)
    console.log(
      `  ${t.suite.padEnd(12)} ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}${t.seconds !== undefined ? ` (${t.seconds.toFixed(0)} s)` : ''}`,
    );
  console.log(`  took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return total.failed === 0 && total.passed > 0 ? 0 : 1;
}

const testServerEnv = (urls: InfraUrls): NodeJS.ProcessEnv => ({
  KM_TEST_PG_ADMIN_URL: urls.pgAdminUrl,
  KM_TEST_NATS_URL: urls.natsUrlAs(TEST_INSPECTOR_USER),
  KM_TEST_NATS_SERVICE_URLS: JSON.stringify(Object.fromEntries(BUS_USERS.map((user) => [user, urls.natsUrlAs(user)]))),
  KM_TEST_REDIS_URL: urls.redisUrl,
  KM_TEST_S3_ENDPOINT: urls.s3Endpoint,
  KM_TEST_SMTP_PORT: String(urls.smtpPort),
  KM_TEST_MAIL_API_URL: urls.mailWebUrl,
  KM_TEST_STRIPE_API: urls.stripeApi,
});
