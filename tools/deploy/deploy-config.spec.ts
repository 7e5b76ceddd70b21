// Consistency checks for the deployment files (Dockerfile, docker-compose.yml, k8s/). No Docker engine or
// cluster is needed: the files are parsed and compared. Run from the repository root:
//
//   node --import tsx --test tools/deploy/deploy-config.spec.ts
//
// If kubectl is installed, one extra test renders the overlays with its built-in kustomize.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parse, parseAllDocuments } from 'yaml';
import { applyPatch, type Operation } from 'fast-json-patch';
import { DATABASES, SERVICES, hasNeed, servicePort } from '@km/registry';
import { BUS_USERS, DEPLOY_NATS_CONFIG, DEPLOY_NATS_CONFIG_FILES, passwordEnvName } from '../stack/nats-permissions';

type Obj = Record<string, any>;

const ROOT = typeof __dirname === 'string' ? path.resolve(__dirname, '..', '..') : process.cwd();
const K8S_BASE = path.join(ROOT, 'k8s', 'base');
const OVERLAYS = ['dev', 'prod'].map((name) => path.join(ROOT, 'k8s', 'overlays', name));
/** The Kustomize component that gives every app Deployment its shared shape (ADR 0005). */
const APP_COMPONENT = path.join(ROOT, 'k8s', 'components', 'app-service');
const APP_SELECTOR = 'app.kubernetes.io/component=app';
/** The label the prod overlay deletes Secrets by. */
const PLACEHOLDER_LABEL = 'kingdom.example/placeholder';
/** The databases the init script creates: libs/registry's list. */
const SERVICE_DATABASES = DATABASES;
/** The one database init script; compose mounts it from k8s/base. */
const INIT_SCRIPT = 'k8s/base/infra/postgres/init-databases.sh';

const read = (file: string): string => readFileSync(path.resolve(ROOT, file), 'utf8');
const rel = (file: string): string => path.relative(ROOT, file);
const sorted = (items: Iterable<string>): string[] => [...new Set(items)].sort();

/**
 * Whether a credential value carries a placeholder marker ("dev-only", "change-me"). A value that is one
 * [A-Za-z0-9_] token cannot contain "-" when its format forbids it (Stripe: sk_test_…, whsec_… are checked against
 * /^…_\w+$/ at start-up), so such a value, and only such a value, may spell the marker with "_" instead.
 */
const isMarked = (value: string, marker: 'dev-only' | 'change-me'): boolean =>
  value.includes(marker) || (/^\w+$/.test(value) && value.includes(marker.replace('-', '_')));

// ------------------------------------------------------------------------------------------ compose
const compose: Obj = parse(read('docker-compose.yml'), { merge: true });
const composeServices: Record<string, Obj> = compose.services;
/** App services are the ones built from the repository's Dockerfile. */
const composeApps = Object.keys(composeServices).filter((name) => composeServices[name].build !== undefined);

function composeEnv(service: Obj): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry: string) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value)]));
}

/** The default of a `${VAR:-default}` value, or the value itself. */
function composeDefault(value: string): string {
  const match = /^\$\{[A-Za-z0-9_]+:-([^}]*)\}$/.exec(value);
  return match ? match[1] : value;
}

// ------------------------------------------------------------------------------------------ kustomize
function kustomization(dir: string): Obj {
  const file = path.join(dir, 'kustomization.yaml');
  assert.ok(existsSync(file), `${rel(file)} exists`);
  return parse(readFileSync(file, 'utf8'));
}

function yamlDocs(file: string): Obj[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((doc) => doc.toJS() as Obj)
    .filter((doc) => doc !== null && typeof doc === 'object');
}

/** Generator sources may be written "key=path"; the file is the part after "=". */
const generatorSource = (entry: string): string => (entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : entry);

/** Every path a kustomization points at (resources, patches, generator sources, components). */
function referencedPaths(dir: string): string[] {
  const k = kustomization(dir);
  const paths: string[] = [];
  for (const entry of [...(k.resources ?? []), ...(k.components ?? [])]) paths.push(entry);
  for (const patch of k.patches ?? []) if (patch.path) paths.push(patch.path);
  for (const gen of [...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])]) {
    for (const entry of [...(gen.envs ?? []), ...(gen.files ?? [])]) paths.push(generatorSource(entry));
    if (gen.env) paths.push(gen.env);
  }
  return paths.map((entry) => path.resolve(dir, entry));
}

/** Objects listed by a kustomization's resources, following directories that are kustomizations. */
function resources(dir: string): Obj[] {
  const k = kustomization(dir);
  return (k.resources ?? []).flatMap((entry: string) => {
    const target = path.resolve(dir, entry);
    return statSync(target).isDirectory() ? resources(target) : yamlDocs(target);
  });
}

function parseEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    out[line.slice(0, at)] = line.slice(at + 1);
  }
  return out;
}

/** ConfigMap or Secret generators of one kustomization, name -> data (env files and literals). */
function generated(dir: string, field: 'configMapGenerator' | 'secretGenerator'): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const gen of kustomization(dir)[field] ?? []) {
    const data: Record<string, string> = {};
    for (const env of [...(gen.envs ?? []), ...(gen.env ? [gen.env] : [])]) Object.assign(data, parseEnvFile(path.resolve(dir, env)));
    for (const literal of gen.literals ?? []) {
      const at = literal.indexOf('=');
      data[literal.slice(0, at)] = literal.slice(at + 1);
    }
    for (const entry of gen.files ?? []) {
      const key = entry.includes('=') ? entry.slice(0, entry.indexOf('=')) : path.basename(entry);
      data[key] = readFileSync(path.resolve(dir, generatorSource(entry)), 'utf8');
    }
    out.set(gen.name, data);
  }
  return out;
}

/** Kustomize's "k=v,k2=v2" label selector (the equality form) against an object's labels. */
function matchesLabelSelector(selector: string, labels: Record<string, string> | undefined): boolean {
  return selector.split(',').every((term) => {
    const [key, value] = term.split('=').map((part) => part.trim());
    return labels?.[key] === value;
  });
}

/** Whether a kustomize patch or replacement target selects this object (kind, group/version, name, labels). */
function targets(target: Obj, doc: Obj): boolean {
  const [group, version] = String(doc.apiVersion).includes('/') ? String(doc.apiVersion).split('/') : ['', doc.apiVersion];
  return (
    (target.kind === undefined || target.kind === doc.kind) &&
    (target.group === undefined || target.group === group) &&
    (target.version === undefined || target.version === version) &&
    (target.name === undefined || target.name === doc.metadata?.name) &&
    (target.labelSelector === undefined || matchesLabelSelector(target.labelSelector, doc.metadata?.labels))
  );
}

/** The JSON patch operations of a component's patch (a file or inline). */
function patchOperations(dir: string, patch: Obj): Operation[] {
  const ops = parse(patch.path ? readFileSync(path.resolve(dir, patch.path), 'utf8') : patch.patch);
  assert.ok(Array.isArray(ops), `${rel(dir)}: its patches are JSON patches (a list of operations)`);
  return ops as Operation[];
}

/**
 * The base's objects as kustomize emits them with its components applied: each component's JSON patches on the
 * objects their target selects (the app Deployments' shared shape lives in k8s/components/app-service).
 */
function withComponents(dir: string, docs: Obj[]): Obj[] {
  const out = docs.map((doc) => structuredClone(doc));
  for (const entry of kustomization(dir).components ?? []) {
    const componentDir = path.resolve(dir, entry);
    const component = kustomization(componentDir);
    assert.equal(component.kind, 'Component', `${rel(componentDir)} is a Kustomize Component`);
    for (const patch of component.patches ?? []) {
      const ops = patchOperations(componentDir, patch);
      for (const doc of out.filter((d) => targets(patch.target ?? {}, d))) applyPatch(doc, ops, true, true);
    }
  }
  return out;
}

/** The base's own files, before its components apply. */
const rawBase = resources(K8S_BASE);
const base = withComponents(K8S_BASE, rawBase);
const ofKind = (kind: string): Obj[] => base.filter((doc) => doc.kind === kind);
const byName = (kind: string, name: string): Obj | undefined => ofKind(kind).find((doc) => doc.metadata?.name === name);

const configMaps = new Map<string, Record<string, string>>([
  ...ofKind('ConfigMap').map((cm): [string, Record<string, string>] => [cm.metadata.name, cm.data ?? {}]),
  ...generated(K8S_BASE, 'configMapGenerator'),
]);
const secrets = new Map<string, Record<string, string>>([
  ...ofKind('Secret').map((s): [string, Record<string, string>] => [
    s.metadata.name,
    { ...(s.stringData ?? {}), ...Object.fromEntries(Object.entries(s.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v), 'base64').toString('utf8')])) },
  ]),
  ...generated(K8S_BASE, 'secretGenerator'),
]);

/** Labels of every base Secret, generated ones included (secretGenerator options.labels). */
const secretLabels = new Map<string, Record<string, string>>([
  ...ofKind('Secret').map((s): [string, Record<string, string>] => [s.metadata.name, s.metadata.labels ?? {}]),
  ...((kustomization(K8S_BASE).secretGenerator ?? []) as Obj[]).map((g): [string, Record<string, string>] => [g.name, g.options?.labels ?? {}]),
]);

const deployments = ofKind('Deployment');
const workloads = [...deployments, ...ofKind('StatefulSet')];
/** App Deployments carry app.kubernetes.io/component=app (infrastructure has its own component names). */
const appDeployments = deployments.filter((d) => d.metadata?.labels?.['app.kubernetes.io/component'] === 'app');
const appDeployment = (name: string): Obj => {
  const found = appDeployments.find((d) => d.metadata.name === name);
  assert.ok(found, `k8s/base has an app Deployment named ${name}`);
  return found;
};
const mainContainer = (workload: Obj): Obj => {
  const containers: Obj[] = workload.spec.template.spec.containers;
  return containers.find((c) => c.name === workload.metadata.name) ?? containers[0];
};

/** Keys a container receives: envFrom ConfigMaps and Secrets plus inline env. */
function k8sEnvKeys(container: Obj): string[] {
  const keys: string[] = [];
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const data = configMaps.get(source.configMapRef.name);
      assert.ok(data, `ConfigMap ${source.configMapRef.name} referenced by ${container.name} exists in k8s/base`);
      keys.push(...Object.keys(data).map((key) => (source.prefix ?? '') + key));
    }
    if (source.secretRef) {
      const data = secrets.get(source.secretRef.name);
      assert.ok(data, `Secret ${source.secretRef.name} referenced by ${container.name} exists in k8s/base`);
      keys.push(...Object.keys(data).map((key) => (source.prefix ?? '') + key));
    }
  }
  for (const entry of container.env ?? []) keys.push(entry.name);
  return sorted(keys);
}

/** Value of one key as a container sees it (inline env wins over envFrom, later envFrom over earlier). */
function k8sEnvValue(container: Obj, key: string): string | undefined {
  const inline = (container.env ?? []).find((e: Obj) => e.name === key);
  if (inline) return inline.value;
  let value: string | undefined;
  for (const source of container.envFrom ?? []) {
    const data = source.configMapRef ? configMaps.get(source.configMapRef.name) : secrets.get(source.secretRef?.name);
    if (data && key in data) value = data[key];
  }
  return value;
}

function containerPort(container: Obj, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return (container.ports ?? []).find((p: Obj) => p.name === port)?.containerPort;
}

/** Kustomize's replacement of one part of a delimited value: an index before the first part prefixes, after the last appends. */
function replacePart(value: string, replacement: string, options: Obj = {}): string {
  if (options.delimiter === undefined) return replacement;
  const parts = value.split(options.delimiter);
  const index = options.index ?? 0;
  if (index < 0) return [replacement, ...parts].join(options.delimiter);
  if (index >= parts.length) return [...parts, replacement].join(options.delimiter);
  parts[index] = replacement;
  return parts.join(options.delimiter);
}

/** An overlay's replacements of the app images (source: its "images" ConfigMap); prod's others place the stores' endpoints. */
const imageReplacements = (k: Obj): Obj[] => ((k.replacements ?? []) as Obj[]).filter((r) => r.source.kind === 'ConfigMap' && r.source.name === 'images');

/** Each app Deployment's image in an overlay: the overlay's replacements, sourced from its own objects, on the base's. */
function overlayImages(dir: string): Record<string, string> {
  const k = kustomization(dir);
  const own = resources(dir);
  const images = Object.fromEntries(appDeployments.map((d) => [d.metadata.name, mainContainer(d).image as string]));
  for (const replacement of imageReplacements(k)) {
    const { kind, name, fieldPath } = replacement.source;
    const source = own.find((doc) => doc.kind === kind && doc.metadata?.name === name);
    assert.ok(source, `${rel(dir)}: the replacement source ${kind}/${name} exists`);
    const value = String((fieldPath as string).split('.').reduce((node: Obj | undefined, key) => node?.[key], source));
    for (const target of replacement.targets) {
      assert.deepEqual(target.fieldPaths, ['spec.template.spec.containers.0.image']);
      for (const d of appDeployments.filter((doc) => targets(target.select, doc)))
        images[d.metadata.name] = replacePart(images[d.metadata.name], value, target.options);
    }
  }
  return images;
}

// ------------------------------------------------------------------------------------------ Dockerfile
interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === '')) continue;
    if (line.endsWith('\\')) {
      current += line.slice(0, -1) + ' ';
      continue;
    }
    current += line;
    if (current.trim() !== '') logical.push(current.trim());
    current = '';
  }
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') {
      const [, image, name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      stages.push({ from: image, name, instructions: [] });
    } else if (stages.length > 0) {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

const dockerStages = parseDockerfile(read('Dockerfile'));
const stage = (name: string): Stage => {
  const found = dockerStages.find((s) => s.name === name);
  assert.ok(found, `Dockerfile has a stage named ${name}`);
  return found;
};
const runtime = dockerStages[dockerStages.length - 1];
/** The global ARGs (before the first FROM) with their defaults: the base images are chosen by them (ADR 0068). */
const globalArgs: Record<string, string> = Object.fromEntries(
  read('Dockerfile')
    .split(/^FROM /m)[0]
    .split('\n')
    .map((line) => /^ARG\s+(\w+)(?:=(\S+))?/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [m[1], m[2] ?? '']),
);
/** A stage's base image as Docker resolves it when no build argument overrides the defaults. */
const baseOf = (s: Stage): string => s.from.replace(/^\$\{(\w+)\}$/, (_m, name: string) => globalArgs[name] ?? `<no ARG ${name}>`);
const instructions = (s: Stage, keyword: string): string[] => s.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);

// ================================================================================================== tests

describe('Dockerfile', () => {
  test('by default the final (runtime) stage is node:20-bookworm-slim, chosen by ARG RUNTIME_IMAGE, and runs as the non-root user "node"', () => {
    assert.equal(runtime.name, 'runtime');
    assert.equal(runtime.from, '${RUNTIME_IMAGE}');
    assert.equal(baseOf(runtime), 'node:20-bookworm-slim');
    const users = instructions(runtime, 'USER');
    assert.ok(users.length > 0, 'runtime stage sets USER');
    assert.equal(users[users.length - 1], 'node');
  });

  test('the runtime stage sets NODE_ENV=production and has a HEALTHCHECK fetching /health on HTTP_PORT', () => {
    const env = instructions(runtime, 'ENV').join(' ');
    assert.match(env, /(^|\s)NODE_ENV=production(\s|$)/);
    const healthchecks = instructions(runtime, 'HEALTHCHECK');
    assert.equal(healthchecks.length, 1);
    assert.match(healthchecks[0], /CMD node -e "fetch\('http:\/\/127\.0\.0\.1:\$\{HTTP_PORT\}\/health'/);
    assert.match(healthchecks[0], /process\.exit\(r\.ok \? 0 : 1\)/);
  });

  test('the SERVICE build argument selects the entry point services/<SERVICE>/dist/src/main.js', () => {
    assert.ok(instructions(runtime, 'ARG').includes('SERVICE'), 'runtime stage declares ARG SERVICE');
    assert.match(instructions(runtime, 'ENV').join(' '), /(^|\s)SERVICE_ENTRY=services\/\$\{SERVICE\}\/dist\/src\/main\.js(\s|$)/);
    const cmds = instructions(runtime, 'CMD');
    assert.equal(cmds.length, 1);
    assert.deepEqual(JSON.parse(cmds[0]), ['/bin/sh', '-c', 'exec node "$SERVICE_ENTRY"']);
  });

  test('the build stages need nothing fetched: no `# syntax=` frontend line, and the other stages build from node:20-bookworm(-slim) by default', () => {
    assert.doesNotMatch(read('Dockerfile'), /^#\s*syntax\s*=/im);
    assert.deepEqual(Object.fromEntries(dockerStages.map((s) => [s.name, baseOf(s)])), {
      manifests: 'node:20-bookworm-slim',
      deps: 'node:20-bookworm',
      compiled: 'deps',
      build: 'compiled',
      'services-deps': 'node:20-bookworm',
      'prod-deps': 'services-deps',
      runtime: 'node:20-bookworm-slim',
    });
  });

  test('deps runs npm install, compiled runs nx once for every project (the SPA included) whatever the SERVICE, build gathers one service, prod-deps installs only production deps', () => {
    assert.ok(
      instructions(stage('deps'), 'RUN').some((run) => /\bnpm install\b/.test(run)),
      'deps stage runs npm install',
    );
    assert.ok(!instructions(stage('compiled'), 'ARG').includes('SERVICE'), 'the compiled stage is the same for every service (shared cache)');
    assert.match(instructions(stage('compiled'), 'RUN').join('\n'), /npx nx run-many -t build/);
    const buildRuns = instructions(stage('build'), 'RUN').join('\n');
    assert.match(buildRuns, /cp -a --parents "services\/\$\{SERVICE\}\/dist" \/out\//);
    assert.match(buildRuns, /if \[ "\$\{SERVICE\}" = "gateway" \]; then cp -a --parents web\/dist \/out\/; fi/);
    // one install of every service's production dependencies for the seven images, pruned to one service (ADR 0076)
    assert.ok(!instructions(stage('services-deps'), 'ARG').includes('SERVICE'), 'the services-deps stage is the same for every service (shared cache)');
    assert.match(instructions(stage('services-deps'), 'RUN').join('\n'), /npm install --omit=dev --workspace=services --include-workspace-root=false /);
    assert.ok(instructions(stage('prod-deps'), 'ARG').includes('SERVICE'));
    assert.match(instructions(stage('prod-deps'), 'RUN').join('\n'), /node \/tmp\/prune-to-workspace\.cjs "services\/\$\{SERVICE\}"$/);
  });

  test('the npm installs prefer the npm cache mount (seeded from the machine by `npm run images`), and the compiled stage leaves the tests out', () => {
    for (const name of ['deps', 'services-deps']) {
      const install = instructions(stage(name), 'RUN').find((run) => /\bnpm install\b/.test(run)) ?? '';
      assert.match(install, /--mount=type=cache,target=\/root\/\.npm /, name);
      assert.match(install, /npm install [^&]*--prefer-offline/, name);
    }
    const compile = instructions(stage('compiled'), 'RUN').join('\n');
    assert.match(compile, /^rm -rf tests libs\/\*\/test services\/\*\/test /);
    assert.ok(compile.indexOf("-name '*.spec.ts'") < compile.indexOf('npx nx run-many'), 'the spec files are deleted before nx builds');
  });

  test('the runtime stage copies only build outputs from earlier stages, never the build context', () => {
    const copies = instructions(runtime, 'COPY');
    assert.deepEqual(copies, ['--from=prod-deps /app/ ./', '--from=build /out/ ./']);
  });

  test('.dockerignore keeps node_modules, build output, git data and .env files out of the context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    for (const pattern of ['**/node_modules', '**/dist', '.git', '.env']) assert.ok(ignored.includes(pattern), `.dockerignore lists ${pattern}`);
  });
});

describe('docker-compose.yml', () => {
  test('every service declares a healthcheck with a test command', () => {
    const without = Object.entries(composeServices)
      .filter(([, s]) => !s.healthcheck || s.healthcheck.disable === true || !s.healthcheck.test || s.healthcheck.test.length === 0)
      .map(([name]) => name);
    assert.deepEqual(without, []);
  });

  test('app services are built from the root Dockerfile with SERVICE set to their own name and an existing workspace', () => {
    assert.ok(composeApps.length >= 2, 'compose has the app services');
    for (const name of composeApps) {
      const build = composeServices[name].build;
      assert.deepEqual(
        { context: build.context, dockerfile: build.dockerfile, SERVICE: build.args?.SERVICE },
        { context: '.', dockerfile: 'Dockerfile', SERVICE: name },
      );
      assert.ok(existsSync(path.join(ROOT, 'services', name, 'package.json')), `services/${name}/package.json exists`);
    }
  });

  test('dependencies are awaited by condition: healthy services, or completion of one-shot jobs', () => {
    const problems: string[] = [];
    for (const [name, service] of Object.entries(composeServices)) {
      const deps = service.depends_on ?? {};
      if (Array.isArray(deps)) {
        problems.push(`${name}: depends_on without conditions`);
        continue;
      }
      for (const [target, spec] of Object.entries<Obj>(deps)) {
        if (!composeServices[target]) problems.push(`${name}: unknown dependency ${target}`);
        else if (spec?.condition === 'service_healthy' && !composeServices[target].healthcheck) problems.push(`${name}: ${target} has no healthcheck`);
        else if (!['service_healthy', 'service_completed_successfully'].includes(spec?.condition))
          problems.push(`${name}: ${target} condition ${spec?.condition}`);
      }
    }
    assert.deepEqual(problems, []);
    for (const name of composeApps) assert.ok(Object.keys(composeServices[name].depends_on ?? {}).includes('nats'), `${name} waits for nats`);
  });

  test('credentials are never hard-coded: each comes from ${VAR:-default} and any default is marked dev-only', () => {
    const problems: string[] = [];
    const credential = /PASSWORD|SECRET|ACCESS_KEY|ROOT_USER|AUTH/;
    for (const [name, service] of Object.entries(composeServices)) {
      for (const [key, value] of Object.entries(composeEnv(service))) {
        if (credential.test(key)) {
          const match = /^\$\{([A-Z0-9_]+)(?::-([^}]*))?\}$/.exec(value);
          if (!match) problems.push(`${name}.${key} is not an interpolation`);
          else if (match[2] !== undefined && !isMarked(match[2], 'dev-only')) problems.push(`${name}.${key} default is not marked dev-only`);
        }
        if (/_URL$/.test(key) && /^[a-z]+:\/\/[^/]*:[^/]*@/.test(value) && !/:\$\{[A-Z0-9_]*PASSWORD:-[^}]*dev-only\}@/.test(value)) {
          problems.push(`${name}.${key} embeds a password that is not a dev-only interpolation`);
        }
      }
      const command: unknown[] = Array.isArray(service.command) ? service.command : [];
      const requirepass = command.indexOf('--requirepass');
      if (requirepass >= 0 && !/^\$\{[A-Z0-9_]+:-[^}]*dev-only\}$/.test(String(command[requirepass + 1]))) problems.push(`${name} --requirepass is hard-coded`);
    }
    assert.deepEqual(problems, []);
  });

  test('infrastructure images are pinned to an explicit, non-latest tag', () => {
    const images = Object.entries(composeServices)
      .filter(([, s]) => s.build === undefined)
      .map(([name, s]) => [name, String(s.image)]);
    assert.deepEqual(
      images.filter(([, image]) => !/:[^/]+$/.test(image) || image.endsWith(':latest')),
      [],
    );
    assert.deepEqual(Object.fromEntries(images), {
      postgres: 'postgres:16-alpine',
      redis: 'redis:7-alpine',
      nats: 'nats:2.10-alpine',
      minio: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
      'minio-init': 'minio/mc:RELEASE.2025-04-16T18-13-26Z',
      maildev: 'maildev/maildev:2.2.1',
    });
  });

  test('nats runs with JetStream storing under /data on a named volume', () => {
    const nats = composeServices.nats;
    assert.deepEqual(nats.command.slice(0, 3), ['-js', '-sd', '/data']);
    assert.ok(nats.volumes.includes('nats-data:/data'));
  });

  test('postgres mounts the init script that creates one database per service', () => {
    assert.ok(composeServices.postgres.volumes.includes(`./${INIT_SCRIPT}:/docker-entrypoint-initdb.d/init-databases.sh:ro`));
    const script = read(INIT_SCRIPT);
    const list = composeEnv(composeServices.postgres).POSTGRES_DATABASES;
    assert.ok(list, 'compose gives postgres the databases to create in POSTGRES_DATABASES');
    assert.deepEqual(list.split(','), SERVICE_DATABASES);
    assert.match(script, /"\$POSTGRES_DATABASES"/);
    assert.match(script, /CREATE DATABASE %I/);
    assert.match(script, /NOT EXISTS \(SELECT 1 FROM pg_database WHERE datname = name\)/);
    assert.match(script, /\\gexec/);
  });
});

describe('k8s base', () => {
  test('the app Deployments listed by the kustomization are exactly the compose app services', () => {
    assert.deepEqual(sorted(appDeployments.map((d) => d.metadata.name)), sorted(composeApps));
  });

  test('each app Deployment runs the image kingdom-marketplace/<service> built from the same Dockerfile', () => {
    for (const d of appDeployments) assert.match(mainContainer(d).image, new RegExp(`^kingdom-marketplace/${d.metadata.name}:[^:]+$`));
  });

  test('every Deployment and StatefulSet container has readiness and liveness probes and cpu/memory requests and limits', () => {
    assert.ok(workloads.length >= 7, 'base has the app and infrastructure workloads');
    const problems: string[] = [];
    for (const w of workloads) {
      for (const c of w.spec.template.spec.containers as Obj[]) {
        const where = `${w.kind}/${w.metadata.name}/${c.name}`;
        if (!c.readinessProbe) problems.push(`${where}: no readinessProbe`);
        if (!c.livenessProbe) problems.push(`${where}: no livenessProbe`);
        for (const bound of ['requests', 'limits'])
          for (const resource of ['cpu', 'memory']) {
            if (!c.resources?.[bound]?.[resource]) problems.push(`${where}: no ${bound}.${resource}`);
          }
      }
    }
    assert.deepEqual(problems, []);
  });

  test('app Deployments probe /ready (readiness) and /health (liveness, startup) on their HTTP_PORT', () => {
    for (const d of appDeployments) {
      const c = mainContainer(d);
      const httpPort = Number(k8sEnvValue(c, 'HTTP_PORT'));
      const probes = Object.fromEntries(
        ['readinessProbe', 'livenessProbe', 'startupProbe'].map((probe) => [
          probe,
          { path: c[probe]?.httpGet?.path, port: containerPort(c, c[probe]?.httpGet?.port) },
        ]),
      );
      assert.deepEqual(
        probes,
        {
          readinessProbe: { path: '/ready', port: httpPort },
          livenessProbe: { path: '/health', port: httpPort },
          startupProbe: { path: '/health', port: httpPort },
        },
        d.metadata.name,
      );
    }
  });

  test('app pods run as non-root with a numeric uid, no privilege escalation and all capabilities dropped', () => {
    for (const d of appDeployments) {
      const pod = d.spec.template.spec.securityContext;
      const c = mainContainer(d);
      assert.deepEqual(
        {
          runAsNonRoot: pod?.runAsNonRoot,
          uidIsNonRoot: Number(pod?.runAsUser) > 0,
          allowPrivilegeEscalation: c.securityContext?.allowPrivilegeEscalation,
          drop: c.securityContext?.capabilities?.drop,
        },
        { runAsNonRoot: true, uidIsNonRoot: true, allowPrivilegeEscalation: false, drop: ['ALL'] },
        d.metadata.name,
      );
    }
  });

  test('the gateway runs 2 replicas in the base', () => {
    assert.equal(appDeployment('gateway').spec.replicas, 2);
  });

  test('the Ingress routes / to the gateway Service on a port it exposes, and that Service targets the gateway pods', () => {
    const ingresses = ofKind('Ingress');
    assert.equal(ingresses.length, 1);
    const paths: Obj[] = ingresses[0].spec.rules.flatMap((rule: Obj) => rule.http.paths);
    const root = paths.find((p) => p.path === '/');
    assert.ok(root, 'Ingress has a rule for /');
    assert.equal(root.pathType, 'Prefix');
    assert.equal(root.backend.service.name, 'gateway');

    const service = byName('Service', 'gateway');
    assert.ok(service, 'Service gateway exists');
    const wanted = root.backend.service.port;
    const port = (service.spec.ports as Obj[]).find((p) => (wanted.name !== undefined ? p.name === wanted.name : p.port === wanted.number));
    assert.ok(port, `Service gateway exposes the Ingress backend port ${JSON.stringify(wanted)}`);

    const deployment = appDeployment('gateway');
    const podLabels = deployment.spec.template.metadata.labels;
    for (const [key, value] of Object.entries(service.spec.selector)) assert.equal(podLabels[key], value, `gateway pods carry ${key}=${value}`);
    const gateway = mainContainer(deployment);
    assert.equal(containerPort(gateway, port.targetPort), Number(k8sEnvValue(gateway, 'HTTP_PORT')));
  });

  test('postgres runs the same init script as compose, mounted from the postgres-init ConfigMap', () => {
    assert.deepEqual(configMaps.get('postgres-init'), { 'init-databases.sh': read(INIT_SCRIPT) });
    assert.ok(
      composeServices.postgres.volumes.some((v: string) => v.startsWith(`./${INIT_SCRIPT}:`)),
      'compose mounts the same file',
    );
    const postgres = byName('StatefulSet', 'postgres');
    assert.ok(postgres, 'StatefulSet postgres exists');
    const volume = (postgres.spec.template.spec.volumes as Obj[]).find((v) => v.configMap?.name === 'postgres-init');
    assert.ok(volume, 'postgres mounts ConfigMap postgres-init');
    // executable, as in the repository: the image then runs it in its own shell instead of sourcing it
    assert.equal(volume.configMap.defaultMode, 0o555);
    assert.ok((statSync(path.join(ROOT, INIT_SCRIPT)).mode & 0o111) !== 0, `${INIT_SCRIPT} is executable`);
    const mount = (mainContainer(postgres).volumeMounts as Obj[]).find((m) => m.name === volume.name);
    assert.equal(mount?.mountPath, '/docker-entrypoint-initdb.d');
  });

  test('postgres creates the databases listed in the postgres-databases ConfigMap (one line per service in the kustomization)', () => {
    const postgres = byName('StatefulSet', 'postgres');
    assert.ok(postgres, 'StatefulSet postgres exists');
    const env = (mainContainer(postgres).env as Obj[]).find((e) => e.name === 'POSTGRES_DATABASES');
    assert.deepEqual(env?.valueFrom, { configMapKeyRef: { name: 'postgres-databases', key: 'POSTGRES_DATABASES' } });
    assert.deepEqual(configMaps.get('postgres-databases')?.POSTGRES_DATABASES.split(','), SERVICE_DATABASES);
  });

  test('nats runs JetStream with its store on a persistent volume claim', () => {
    const nats = byName('StatefulSet', 'nats');
    assert.ok(nats, 'StatefulSet nats exists');
    assert.deepEqual(mainContainer(nats).args.slice(0, 3), ['-js', '-sd', '/data']);
    const claim = (nats.spec.volumeClaimTemplates as Obj[]).find((t) => t.metadata.name === 'data');
    assert.ok(claim?.spec.resources.requests.storage, 'nats has a data PVC');
    assert.equal((mainContainer(nats).volumeMounts as Obj[]).find((m) => m.name === 'data')?.mountPath, '/data');
  });

  test('the bucket Job creates the bucket named in gateway-config with the keys in gateway-secrets', () => {
    const job = byName('Job', 'minio-create-bucket');
    assert.ok(job, 'Job minio-create-bucket exists');
    const c = job.spec.template.spec.containers[0];
    const ref = (name: string): Obj => (c.env as Obj[]).find((e) => e.name === name)?.valueFrom;
    assert.deepEqual(ref('S3_BUCKET'), { configMapKeyRef: { name: 'gateway-config', key: 'S3_BUCKET' } });
    assert.deepEqual(ref('S3_ACCESS_KEY'), { secretKeyRef: { name: 'gateway-secrets', key: 'S3_ACCESS_KEY' } });
    assert.deepEqual(ref('S3_SECRET_KEY'), { secretKeyRef: { name: 'gateway-secrets', key: 'S3_SECRET_KEY' } });
    assert.match(c.args[0], /mc mb --ignore-existing "kingdom\/\$S3_BUCKET"/);
    assert.equal(configMaps.get('gateway-config')?.S3_BUCKET, 'kingdom-media');
    assert.ok(
      job.spec.template.spec.containers.every((x: Obj) => x.resources?.requests && x.resources?.limits),
      'Job containers have resources',
    );
  });

  test('placeholder Secrets mark every credential value "change-me"', () => {
    const problems: string[] = [];
    for (const [name, data] of secrets) {
      for (const [key, value] of Object.entries(data))
        if (/PASSWORD|SECRET|KEY|_URL|ROOT_USER/.test(key) && !isMarked(value, 'change-me')) problems.push(`${name}.${key}`);
    }
    assert.ok(secrets.size >= 5, 'base has the placeholder Secrets');
    assert.deepEqual(problems, []);
  });
});

describe('k8s/components/app-service: the shared shape of the app Deployments (ADR 0005)', () => {
  const component = kustomization(APP_COMPONENT);
  /** The value at a JSON pointer, or undefined. */
  const at = (doc: Obj, pointer: string): unknown =>
    pointer
      .split('/')
      .slice(1)
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: any, key) => (node === undefined || node === null ? undefined : node[key]), doc);

  test('the base applies the component, and its patches select every app Deployment by label and nothing else', () => {
    assert.deepEqual(kustomization(K8S_BASE).components, ['../components/app-service']);
    assert.equal(component.kind, 'Component');
    assert.ok((component.patches as Obj[]).length > 0, 'the component has patches');
    for (const patch of component.patches as Obj[]) {
      assert.deepEqual(patch.target, { group: 'apps', version: 'v1', kind: 'Deployment', labelSelector: APP_SELECTOR });
      assert.deepEqual(sorted(rawBase.filter((doc) => targets(patch.target, doc)).map((doc) => doc.metadata.name)), sorted(SERVICES.map((s) => s.name)));
    }
  });

  test('deployment files hold only what differs: none sets a field the component sets (it would be overwritten)', () => {
    const ops = (component.patches as Obj[]).flatMap((patch) => patchOperations(APP_COMPONENT, patch));
    const problems: string[] = [];
    for (const d of rawBase.filter((doc) => doc.kind === 'Deployment' && matchesLabelSelector(APP_SELECTOR, doc.metadata?.labels))) {
      assert.equal(d.spec.template.spec.containers.length, 1, `${d.metadata.name} has one container (the patches address container 0)`);
      for (const op of ops) {
        // an index inserts into the Deployment's list rather than replacing a field
        if (op.op === 'add' && !/\/\d+$/.test(op.path) && at(d, op.path) !== undefined) problems.push(`${d.metadata.name}: ${op.path}`);
      }
      const envFrom = (mainContainer(d).envFrom ?? []) as Obj[];
      if (envFrom.some((e) => e.configMapRef?.name === 'app-common-config')) problems.push(`${d.metadata.name}: app-common-config in its own envFrom`);
    }
    assert.deepEqual(problems, []);
  });

  test('every app Deployment gets the shared shape: rollout, pod settings, image pull, app-common-config first, cpu, /tmp', () => {
    for (const d of appDeployments) {
      const pod = d.spec.template.spec;
      const c = mainContainer(d);
      assert.deepEqual(
        {
          revisionHistoryLimit: d.spec.revisionHistoryLimit,
          strategy: d.spec.strategy,
          automountServiceAccountToken: pod.automountServiceAccountToken,
          terminationGracePeriodSeconds: pod.terminationGracePeriodSeconds,
          seccomp: pod.securityContext?.seccompProfile,
          readOnlyRootFilesystem: c.securityContext?.readOnlyRootFilesystem,
          imagePullPolicy: c.imagePullPolicy,
          firstEnvFrom: c.envFrom?.[0],
          cpu: [c.resources?.requests?.cpu, c.resources?.limits?.cpu],
          tmpMount: c.volumeMounts,
          tmpVolumeIsSized: typeof (pod.volumes as Obj[] | undefined)?.find((v) => v.name === 'tmp')?.emptyDir?.sizeLimit,
        },
        {
          revisionHistoryLimit: 5,
          strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: 30,
          seccomp: { type: 'RuntimeDefault' },
          readOnlyRootFilesystem: true,
          imagePullPolicy: 'IfNotPresent',
          firstEnvFrom: { configMapRef: { name: 'app-common-config' } },
          cpu: ['100m', '1'],
          tmpMount: [{ name: 'tmp', mountPath: '/tmp' }],
          tmpVolumeIsSized: 'string',
        },
        d.metadata.name,
      );
    }
  });
});

describe('compose and k8s agree', () => {
  for (const name of composeApps) {
    test(`${name}: the environment keys set in compose equal those k8s provides (ConfigMaps + Secret + inline env)`, () => {
      const composeKeys = sorted(Object.keys(composeEnv(composeServices[name])));
      assert.deepEqual(k8sEnvKeys(mainContainer(appDeployment(name))), composeKeys);
    });

    test(`${name}: SERVICE_NAME, HTTP_PORT and the database name agree between compose and k8s`, () => {
      const env = composeEnv(composeServices[name]);
      const c = mainContainer(appDeployment(name));
      assert.equal(env.SERVICE_NAME, name);
      assert.equal(k8sEnvValue(c, 'SERVICE_NAME'), name);
      assert.equal(composeDefault(env.HTTP_PORT), k8sEnvValue(c, 'HTTP_PORT'));
      assert.equal(composeServices[name].build.args.HTTP_PORT, env.HTTP_PORT);
      assert.deepEqual(
        (c.ports as Obj[]).map((p) => p.containerPort),
        [Number(env.HTTP_PORT)],
      );
      if (env.DATABASE_URL !== undefined) {
        const database = (url: string): string => url.slice(url.lastIndexOf('/') + 1);
        assert.equal(database(env.DATABASE_URL), name);
        assert.equal(database(k8sEnvValue(c, 'DATABASE_URL') ?? ''), name);
        assert.ok(SERVICE_DATABASES.includes(name), `the init script creates database ${name}`);
      }
    });
  }
});

describe('kustomizations', () => {
  test('every file referenced by the base and overlay kustomizations exists', () => {
    const missing: string[] = [];
    for (const dir of [K8S_BASE, ...OVERLAYS]) {
      for (const file of referencedPaths(dir)) {
        if (!existsSync(file)) missing.push(`${rel(dir)} -> ${rel(file)}`);
        else if (statSync(file).isDirectory() && !existsSync(path.join(file, 'kustomization.yaml')))
          missing.push(`${rel(dir)} -> ${rel(file)}/kustomization.yaml`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('no manifest, env or SQL file under k8s/base is left out of its kustomization', () => {
    const listed = new Set(referencedPaths(K8S_BASE));
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
    const unlisted = walk(K8S_BASE).filter(
      (file) => /\.(ya?ml|env|sql|sh|conf)$/.test(file) && path.basename(file) !== 'kustomization.yaml' && !listed.has(file),
    );
    assert.deepEqual(unlisted.map(rel), []);
  });

  test('both overlays build on the base, set a namespace and pin the app images', () => {
    for (const dir of OVERLAYS) {
      const k = kustomization(dir);
      assert.ok((k.resources as string[]).includes('../../base'), `${rel(dir)} uses ../../base`);
      assert.equal(typeof k.namespace, 'string');
      const images = overlayImages(dir);
      assert.deepEqual(sorted(Object.keys(images)), sorted(composeApps));
      for (const [name, image] of Object.entries(images)) {
        const match = new RegExp(`^(?:[^/]+/)?kingdom-marketplace/${name}:([^:/]+)$`).exec(image);
        assert.ok(match, `${rel(dir)}: ${name} runs kingdom-marketplace/${name} (${image})`);
        assert.notEqual(match[1], 'latest', `${rel(dir)} pins ${image}`);
      }
    }
    assert.deepEqual(overlayImages(OVERLAYS[0]).gateway, 'kingdom-marketplace/gateway:local');
    assert.deepEqual(overlayImages(OVERLAYS[1]).gateway, 'registry.example.com/kingdom-marketplace/gateway:0.1.0');
  });

  test('the overlays name no service: images by label, one label-selected deletion of every placeholder Secret', () => {
    for (const dir of OVERLAYS) {
      const k = kustomization(dir);
      assert.equal(k.images, undefined, `${rel(dir)} has no images list (one entry per service)`);
      for (const replacement of imageReplacements(k))
        for (const target of replacement.targets)
          assert.deepEqual(target.select, { kind: 'Deployment', labelSelector: APP_SELECTOR }, `${rel(dir)} selects the app Deployments by label`);
    }
    const prod = kustomization(OVERLAYS[1]);
    const deletions = (prod.patches as Obj[]).filter((p) => {
      const doc = p.path ? yamlDocs(path.resolve(OVERLAYS[1], p.path))[0] : parse(p.patch);
      return doc.kind === 'Secret' && doc.$patch === 'delete';
    });
    assert.deepEqual(
      deletions.map((p) => p.target),
      [{ version: 'v1', kind: 'Secret', labelSelector: `${PLACEHOLDER_LABEL}=true` }],
    );
  });

  test('prod: more gateway replicas than the base, TLS on the Ingress, COOKIE_SECURE=true on https, no placeholder Secrets', () => {
    const dir = OVERLAYS[1];
    const k = kustomization(dir);

    const replicas = (k.replicas as Obj[]).find((r) => r.name === 'gateway')?.count;
    assert.ok(replicas > appDeployment('gateway').spec.replicas, `prod gateway replicas (${replicas}) exceed the base's`);

    const patchDocs: Obj[] = (k.patches as Obj[]).flatMap((p) => (p.path ? yamlDocs(path.resolve(dir, p.path)) : [parse(p.patch)]));
    const host = ofKind('Ingress')[0].spec.rules[0].host;
    const tls = patchDocs.find((d) => d.kind === 'Ingress' && d.metadata?.name === ofKind('Ingress')[0].metadata.name)?.spec?.tls;
    assert.ok(Array.isArray(tls) && tls.length > 0, 'prod patches TLS onto the Ingress');
    assert.ok(
      tls.some((t: Obj) => t.hosts.includes(host) && typeof t.secretName === 'string'),
      `TLS covers ${host}`,
    );

    const gatewayConfig = (k.configMapGenerator as Obj[]).find((g) => g.name === 'gateway-config');
    assert.equal(gatewayConfig?.behavior, 'merge');
    const literals = Object.fromEntries((gatewayConfig.literals as string[]).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    assert.equal(literals.COOKIE_SECURE, 'true');
    assert.match(literals.PUBLIC_ORIGIN, /^https:\/\//);

    // a deletion patch removes what its target selects (by label), or without a target the object it names
    const deletions = (k.patches as Obj[]).flatMap((p) => {
      const doc = p.path ? yamlDocs(path.resolve(dir, p.path))[0] : parse(p.patch);
      return doc.kind === 'Secret' && doc.$patch === 'delete' ? [p.target ?? { kind: 'Secret', name: doc.metadata.name }] : [];
    });
    const deleted = [...secretLabels].filter(([name, labels]) =>
      deletions.some((target) => targets(target, { apiVersion: 'v1', kind: 'Secret', metadata: { name, labels } })),
    );
    assert.deepEqual(sorted(deleted.map(([name]) => name)), sorted(secrets.keys()));
  });
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
// Tests that need kubectl are skipped (and counted as skipped) where it is not installed.
const kubectlTest = kubectl.status === 0 ? test : test.skip;
const render = (dir: string): Obj[] => {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  assert.equal(result.status, 0, result.stderr);
  return parseAllDocuments(result.stdout).map((d) => d.toJS() as Obj);
};
const renderedApps = (docs: Obj[]): Obj[] => docs.filter((d) => d.kind === 'Deployment' && matchesLabelSelector(APP_SELECTOR, d.metadata.labels));

describe('rendered overlays', () => {
  kubectlTest('kubectl kustomize renders dev and prod: prod has TLS, 4 gateway pods, secure cookies and no Secret; every envFrom name resolves', () => {
    for (const dir of OVERLAYS) {
      const docs = render(dir);
      const names = (kind: string): string[] => docs.filter((d) => d.kind === kind).map((d) => d.metadata.name);
      for (const d of docs.filter((x) => x.kind === 'Deployment')) {
        for (const c of d.spec.template.spec.containers as Obj[]) {
          for (const source of c.envFrom ?? []) {
            if (source.configMapRef) assert.ok(names('ConfigMap').includes(source.configMapRef.name), `${rel(dir)}: ConfigMap ${source.configMapRef.name}`);
          }
        }
      }
      if (dir === OVERLAYS[1]) {
        assert.deepEqual(names('Secret'), []);
        assert.equal(docs.find((d) => d.kind === 'Deployment' && d.metadata.name === 'gateway')?.spec.replicas, 4);
        assert.ok(docs.find((d) => d.kind === 'Ingress')?.spec.tls?.length > 0);
        const gatewayConfig = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('gateway-config-'));
        assert.equal(gatewayConfig?.data.COOKIE_SECURE, 'true');
      } else {
        assert.deepEqual(sorted(names('Secret')), sorted(secrets.keys()));
      }
    }
  });

  kubectlTest('kubectl renders every app Deployment of the base as this spec composes it: the component applies to each', () => {
    const generatedNames = ((kustomization(K8S_BASE).configMapGenerator ?? []) as Obj[]).map((g) => g.name as string);
    // generated ConfigMaps carry a content hash in the rendered names
    const unhashed = (spec: Obj): Obj => JSON.parse(JSON.stringify(spec).replace(new RegExp(`"(${generatedNames.join('|')})-[a-z0-9]{10}"`, 'g'), '"$1"'));
    const rendered = renderedApps(render(K8S_BASE));
    assert.deepEqual(sorted(rendered.map((d) => d.metadata.name)), sorted(SERVICES.map((s) => s.name)));
    for (const d of rendered) assert.deepEqual(unhashed(d.spec), appDeployment(d.metadata.name).spec, d.metadata.name);
  });

  kubectlTest('kubectl: dev runs every app image tagged "local", prod every one from the registry with the release tag', () => {
    const expected = {
      dev: (name: string) => `kingdom-marketplace/${name}:local`,
      prod: (name: string) => `registry.example.com/kingdom-marketplace/${name}:0.1.0`,
    };
    for (const dir of OVERLAYS) {
      const docs = render(dir);
      const images = Object.fromEntries(renderedApps(docs).map((d) => [d.metadata.name, mainContainer(d).image]));
      const want = expected[path.basename(dir) as 'dev' | 'prod'];
      assert.deepEqual(images, Object.fromEntries(SERVICES.map((s) => [s.name, want(s.name)])), rel(dir));
      assert.deepEqual(images, overlayImages(dir), `${rel(dir)}: the spec's reading of the replacements`);
      assert.equal(docs.filter((d) => d.kind === 'ConfigMap' && d.metadata.name === 'images').length, 0, 'the images source is local config only');
    }
  });

  kubectlTest(
    'a new service is its k8s/base/<name>/ folder plus four kustomization edits: both overlays give it the shape, image, store access and Secret handling',
    () => {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'km-new-service-'));
      try {
        cpSync(path.join(ROOT, 'k8s'), path.join(tmp, 'k8s'), { recursive: true });
        const from = path.join(tmp, 'k8s', 'base', 'identity');
        const to = path.join(tmp, 'k8s', 'base', 'made-up');
        cpSync(from, to, { recursive: true });
        for (const file of readdirSync(to)) {
          const text = readFileSync(path.join(to, file), 'utf8');
          writeFileSync(path.join(to, file), text.replaceAll('identity', 'made-up').replaceAll('IDENTITY', 'MADE_UP').replaceAll('3001', '3007'));
        }
        const kFile = path.join(tmp, 'k8s', 'base', 'kustomization.yaml');
        let text = readFileSync(kFile, 'utf8');
        const edit = (pattern: RegExp, replacement: string): void => {
          assert.match(text, pattern);
          text = text.replace(pattern, replacement);
        };
        // exactly the edits the kustomization's header comment lists
        edit(/( {2}- identity\/secret\.yaml\n)/, '$1  - made-up/deployment.yaml\n  - made-up/service.yaml\n  - made-up/pdb.yaml\n  - made-up/secret.yaml\n');
        edit(/( {6}- identity\/config\.env\n)/, '$1  - name: made-up-config\n    envs:\n      - made-up/config.env\n');
        edit(/( {6}- NATS_IDENTITY_PASSWORD=[^\n]*\n)/, '$1      - NATS_MADE_UP_PASSWORD=change-me-nats-made-up-password\n');
        edit(/(POSTGRES_DATABASES=[^\n]*)/, '$1,made_up');
        writeFileSync(kFile, text);

        for (const overlay of ['dev', 'prod']) {
          const docs = render(path.join(tmp, 'k8s', 'overlays', overlay));
          const demo = renderedApps(docs).find((d) => d.metadata.name === 'made-up');
          assert.ok(demo, `${overlay} renders the made-up Deployment`);
          const c = mainContainer(demo);
          assert.equal(c.image, overlay === 'dev' ? 'kingdom-marketplace/made-up:local' : 'registry.example.com/kingdom-marketplace/made-up:0.1.0');
          assert.deepEqual(
            [c.readinessProbe?.httpGet, c.securityContext?.readOnlyRootFilesystem, c.envFrom[0].configMapRef.name.startsWith('app-common-config-')],
            [{ path: '/ready', port: 'http' }, true, true],
          );
          assert.deepEqual(
            [demo.spec.template.metadata.labels['kingdom.example/nats-client'], demo.spec.template.metadata.labels['kingdom.example/postgres-client']],
            ['true', 'true'],
          );
          const databases = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('postgres-databases-'));
          // prod's Postgres is outside the namespace (ADR 0070): its databases are made there, not by the base's script
          if (overlay === 'prod') assert.equal(databases, undefined);
          else assert.match(databases?.data.POSTGRES_DATABASES, /,made_up$/);
          const secretNames = docs.filter((d) => d.kind === 'Secret').map((d) => d.metadata.name);
          const pdb = docs.find((d) => d.kind === 'PodDisruptionBudget' && d.metadata.name === 'made-up');
          assert.deepEqual(pdb?.spec.selector, { matchLabels: { 'app.kubernetes.io/name': 'made-up' } }, `${overlay}: its PodDisruptionBudget`);
          if (overlay === 'prod')
            assert.deepEqual([demo.spec.replicas, demo.spec.template.spec.topologySpreadConstraints?.length], [2, 2], 'prod: 2 pods, spread');
          if (overlay === 'prod') assert.deepEqual(secretNames, []);
          else {
            assert.ok(secretNames.includes('made-up-secrets'), 'dev ships the placeholder made-up-secrets');
            const nats = docs.find((d) => d.kind === 'Secret' && d.metadata.name === 'nats-credentials');
            assert.ok(nats?.data.NATS_MADE_UP_PASSWORD, 'nats-credentials has the made-up password');
          }
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  );
});

// ------------------------------------------------------------------------------------------ bus permissions, network
describe('NATS users and permissions (ADR 0010)', () => {
  test('compose and k8s mount the nats.conf generated from tools/stack/nats-permissions.ts, unchanged', () => {
    // one copy: compose mounts the file k8s generates nats-config from
    assert.deepEqual(DEPLOY_NATS_CONFIG_FILES, ['k8s/base/infra/nats/nats.conf']);
    assert.equal(existsSync(path.join(ROOT, 'docker')), false, 'no second copy under docker/');
    for (const file of DEPLOY_NATS_CONFIG_FILES) assert.equal(read(file), DEPLOY_NATS_CONFIG, `${file} is stale: run npx tsx tools/stack/nats-permissions.ts`);
    assert.equal(configMaps.get('nats-config')?.['nats.conf'], DEPLOY_NATS_CONFIG);
  });

  test('every app service has a NATS user, and no user lacks a service', () => {
    assert.deepEqual(sorted(BUS_USERS), sorted(composeApps));
    assert.deepEqual(sorted(BUS_USERS), sorted(appDeployments.map((d) => d.metadata.name)));
  });

  test("compose: nats loads the config and gets every user's password; each service connects as itself with that password", () => {
    const nats = composeServices.nats;
    const command: string[] = nats.command;
    assert.equal(command[command.indexOf('-c') + 1], '/etc/nats/nats.conf');
    assert.ok(nats.volumes.includes('./k8s/base/infra/nats/nats.conf:/etc/nats/nats.conf:ro'));
    const natsEnv = composeEnv(nats);
    assert.deepEqual(sorted(Object.keys(natsEnv)), sorted(BUS_USERS.map(passwordEnvName)));
    for (const user of BUS_USERS) {
      const password = natsEnv[passwordEnvName(user)];
      assert.match(password, new RegExp(`^\\$\\{${passwordEnvName(user)}:-[^}]*dev-only\\}$`));
      assert.equal(composeEnv(composeServices[user]).NATS_URL, `nats://${user}:${password}@nats:4222`);
    }
  });

  test("k8s: nats loads nats-config with passwords from nats-credentials; each Deployment's NATS_URL (its Secret) names its own user", () => {
    const nats = byName('StatefulSet', 'nats');
    assert.ok(nats, 'StatefulSet nats exists');
    const c = mainContainer(nats);
    assert.equal(c.args[c.args.indexOf('-c') + 1], '/etc/nats/nats.conf');
    const volume = (nats.spec.template.spec.volumes as Obj[]).find((v) => v.configMap?.name === 'nats-config');
    assert.ok(volume, 'nats mounts ConfigMap nats-config');
    assert.equal((c.volumeMounts as Obj[]).find((m) => m.name === volume.name)?.mountPath, '/etc/nats');
    assert.deepEqual(c.envFrom, [{ secretRef: { name: 'nats-credentials' } }]);
    const credentials = secrets.get('nats-credentials') ?? {};
    assert.deepEqual(sorted(Object.keys(credentials)), sorted(BUS_USERS.map(passwordEnvName)));
    assert.equal(configMaps.get('app-common-config')?.NATS_URL, undefined, 'no shared, credential-less NATS_URL');
    for (const user of BUS_USERS) {
      const app = mainContainer(appDeployment(user));
      assert.equal(secrets.get(`${user}-secrets`)?.NATS_URL, k8sEnvValue(app, 'NATS_URL'), `${user} takes NATS_URL from ${user}-secrets`);
      const url = new URL(k8sEnvValue(app, 'NATS_URL') ?? '');
      assert.deepEqual([url.username, decodeURIComponent(url.password), url.host], [user, credentials[passwordEnvName(user)], 'nats:4222']);
    }
  });
});

describe('placeholder Secrets (ADR 0005)', () => {
  test('every base Secret carries kingdom.example/placeholder, nats-credentials (generated) included', () => {
    assert.ok(secretLabels.size >= 9, 'every Secret of the base is seen');
    for (const [name, labels] of secretLabels) assert.equal(labels[PLACEHOLDER_LABEL], 'true', name);
  });

  test('nats-credentials is generated from literals under its fixed name (production supplies it under that name)', () => {
    const generator = ((kustomization(K8S_BASE).secretGenerator ?? []) as Obj[]).find((g) => g.name === 'nats-credentials');
    assert.ok(generator, 'k8s/base/kustomization.yaml generates nats-credentials');
    assert.equal(generator.options?.disableNameSuffixHash, true);
    assert.ok((generator.literals as string[]).every((l) => isMarked(l.slice(l.indexOf('=') + 1), 'change-me')));
  });
});

describe('k8s NetworkPolicies (ADR 0010)', () => {
  const policies = ofKind('NetworkPolicy');
  const podLabels = (name: string): Record<string, string> => {
    const workload = workloads.find((w) => w.metadata.name === name) ?? byName('Job', name);
    assert.ok(workload, `a workload named ${name} exists`);
    return workload.spec.template.metadata.labels;
  };
  const selects = (selector: Obj, labels: Record<string, string>): boolean =>
    Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector.matchExpressions ?? []).every((e: Obj) => e.operator === 'In' && (e.values as string[]).includes(labels[e.key]));
  /** Every peer allowed to reach pods with these labels, over all policies (NetworkPolicies add up). */
  const peersOf = (labels: Record<string, string>): Obj[] =>
    policies.filter((p) => selects(p.spec.podSelector, labels)).flatMap((p) => (p.spec.ingress ?? []).flatMap((rule: Obj) => rule.from ?? [{}]));
  /** Names of the workloads a pod-selector peer matches. */
  const allWorkloads = (): string[] => [...workloads.map((w) => w.metadata.name), ...ofKind('Job').map((j) => j.metadata.name)];
  const peerNames = (peer: Obj): string[] => allWorkloads().filter((name) => selects(peer.podSelector, podLabels(name)));

  test('ingress is denied by default for every pod in the namespace', () => {
    const deny = policies.find((p) => Object.keys(p.spec.podSelector ?? {}).length === 0);
    assert.ok(deny, 'a policy selects every pod');
    assert.deepEqual(deny.spec.policyTypes, ['Ingress']);
    assert.equal(deny.spec.ingress, undefined);
  });

  test('only the gateway is reachable from outside the namespace, from the ingress-nginx namespace on its http port', () => {
    for (const name of allWorkloads()) {
      const outside = peersOf(podLabels(name)).filter((peer) => !peer.podSelector || peer.namespaceSelector || peer.ipBlock);
      if (name === 'gateway') assert.deepEqual(outside, [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]);
      else assert.deepEqual(outside, [], `${name} is not reachable from outside the namespace`);
    }
    const rule = policies.find((p) => p.metadata.name === 'gateway-from-ingress')?.spec.ingress[0];
    assert.deepEqual(rule?.ports, [{ port: 'http' }]);
    assert.ok(containerPort(mainContainer(appDeployment('gateway')), 'http'));
  });

  test('Postgres, Redis, NATS and MinIO are reached only by the services that use them, on their own port', () => {
    const apps = appDeployments.map((d) => d.metadata.name);
    // the product's services, plus any service generated since (npm run new:service) by what its registry entry implies
    const product = ['gateway', 'identity', 'catalog', 'media', 'orders', 'membership', 'forms'];
    const generated = SERVICES.filter((s) => !product.includes(s.name));
    const expected: Record<string, string[]> = {
      postgres: ['identity', 'catalog', 'media', 'orders', 'membership', 'forms', ...generated.filter((s) => s.database !== null).map((s) => s.name)],
      redis: [
        'gateway',
        'identity',
        'catalog',
        'orders',
        'membership',
        'forms',
        'media',
        ...generated.filter((s) => hasNeed(s, 'redis') || hasNeed(s, 'mail')).map((s) => s.name),
      ],
      nats: apps,
      minio: ['gateway', 'catalog', 'media', 'minio-create-bucket', ...generated.filter((s) => hasNeed(s, 'storage')).map((s) => s.name)],
    };
    for (const [store, allowed] of Object.entries(expected)) {
      const peers = peersOf(podLabels(store));
      assert.ok(peers.length > 0, `a policy opens ${store}`);
      assert.deepEqual(sorted(peers.flatMap(peerNames)), sorted(allowed), `who reaches ${store}`);
      for (const policy of policies.filter((p) => selects(p.spec.podSelector, podLabels(store)) && p.spec.ingress)) {
        for (const rule of policy.spec.ingress as Obj[]) {
          assert.ok(rule.ports?.length, `${policy.metadata.name} names its ports`);
          for (const { port } of rule.ports) assert.ok(containerPort(mainContainer(byName('StatefulSet', store)!), port), `${store} has port ${port}`);
        }
      }
    }
  });

  test('maildev SMTP is reached only by the services that send mail, on its smtp port', () => {
    const peers = peersOf(podLabels('maildev'));
    assert.deepEqual(sorted(peers.flatMap(peerNames)), sorted(SERVICES.filter((s) => hasNeed(s, 'mail')).map((s) => s.name)));
    assert.deepEqual(policies.find((p) => p.metadata.name === 'maildev-from-services')?.spec.ingress[0].ports, [{ port: 'smtp' }]);
  });

  test('the stores admit pods by a kingdom.example/<store>-client label, never by a service name', () => {
    const stores: Record<string, string> = { postgres: 'postgres', redis: 'redis', nats: 'nats', minio: 'minio', maildev: 'mail' };
    for (const [store, client] of Object.entries(stores)) {
      const peers = peersOf(podLabels(store));
      assert.deepEqual(peers, [{ podSelector: { matchLabels: { [`kingdom.example/${client}-client`]: 'true' } } }], store);
    }
  });

  test('each app pod carries the client labels its registry entry implies (database, needs), and no other', () => {
    for (const service of SERVICES) {
      const clients = Object.keys(podLabels(service.name)).filter((label) => /^kingdom\.example\/.+-client$/.test(label));
      const expected = [
        'kingdom.example/nats-client',
        ...(service.database !== null ? ['kingdom.example/postgres-client'] : []),
        ...(hasNeed(service, 'redis') || hasNeed(service, 'mail') ? ['kingdom.example/redis-client'] : []),
        ...(hasNeed(service, 'storage') ? ['kingdom.example/minio-client'] : []),
        ...(hasNeed(service, 'mail') ? ['kingdom.example/mail-client'] : []),
      ];
      assert.deepEqual(sorted(clients), sorted(expected), service.name);
      for (const label of clients) assert.equal(podLabels(service.name)[label], 'true');
    }
  });

  test('services other than the gateway accept no connections at all (they talk over NATS)', () => {
    for (const name of appDeployments.map((d) => d.metadata.name).filter((n) => n !== 'gateway')) assert.deepEqual(peersOf(podLabels(name)), [], name);
  });
});

describe('deployment files agree with libs/registry (ADR 0005)', () => {
  test('compose and k8s run exactly the registered app services', () => {
    const registered = sorted(SERVICES.map((s) => s.name));
    assert.deepEqual(sorted(composeApps), registered);
    assert.deepEqual(sorted(appDeployments.map((d) => d.metadata.name)), registered);
  });

  test("the database lists of compose (postgres POSTGRES_DATABASES) and k8s (postgres-databases) equal the registry's DATABASES", () => {
    assert.deepEqual(composeEnv(composeServices.postgres).POSTGRES_DATABASES?.split(','), DATABASES);
    assert.deepEqual(configMaps.get('postgres-databases')?.POSTGRES_DATABASES.split(','), DATABASES);
  });

  test('the NATS passwords of compose (nats environment) and k8s (nats-credentials) are one per registered service', () => {
    const expected = sorted(SERVICES.map((s) => passwordEnvName(s.name)));
    assert.deepEqual(sorted(Object.keys(composeEnv(composeServices.nats))), expected);
    assert.deepEqual(sorted(Object.keys(secrets.get('nats-credentials') ?? {})), expected);
  });

  test('every app service listens on 3000 + its registry index in compose (HTTP_PORT) and in k8s (container port "http")', () => {
    for (const service of SERVICES) {
      const port = servicePort(service, 'container');
      assert.equal(composeEnv(composeServices[service.name]).HTTP_PORT, String(port), `compose ${service.name}`);
      assert.equal(containerPort(mainContainer(appDeployment(service.name)), 'http'), port, `k8s ${service.name}`);
    }
  });
});

// ------------------------------------------------------------------------------------------ object storage
/** Where a k8s container's variable comes from: `<Secret|ConfigMap>/<name>/<key>` or `inline`, with its value in the base. */
function k8sEnvSource(container: Obj, key: string): { from: string; value: string | undefined } | undefined {
  const entry = (container.env ?? []).find((e: Obj) => e.name === key);
  if (entry?.valueFrom?.secretKeyRef) {
    const { name, key: field } = entry.valueFrom.secretKeyRef;
    return { from: `Secret/${name}/${field}`, value: secrets.get(name)?.[field] };
  }
  if (entry?.valueFrom?.configMapKeyRef) {
    const { name, key: field } = entry.valueFrom.configMapKeyRef;
    return { from: `ConfigMap/${name}/${field}`, value: configMaps.get(name)?.[field] };
  }
  if (entry) return { from: 'inline', value: entry.value };
  let found: { from: string; value: string | undefined } | undefined;
  for (const source of container.envFrom ?? []) {
    const [kind, name] = source.secretRef ? ['Secret', source.secretRef.name] : ['ConfigMap', source.configMapRef?.name];
    const data = kind === 'Secret' ? secrets.get(name) : configMaps.get(name);
    const prefixed = (source.prefix ?? '') as string;
    if (data && key.startsWith(prefixed) && key.slice(prefixed.length) in data)
      found = { from: `${kind}/${name}/${key.slice(prefixed.length)}`, value: data[key.slice(prefixed.length)] };
  }
  return found;
}

/** The pairs (service's variable, MinIO server's root variable) that must never be the same credential. */
const ROOT_PAIRS = [
  ['S3_ACCESS_KEY', 'MINIO_ROOT_USER'],
  ['S3_SECRET_KEY', 'MINIO_ROOT_PASSWORD'],
] as const;

/**
 * k8s workloads whose object-storage keys are MinIO's root credentials: the very Secret key the MinIO server reads its
 * root user from, or the same value. Returns one line per offence.
 */
function k8sRootCredentialUses(workloadsToCheck: Obj[]): string[] {
  const minio = mainContainer(byName('StatefulSet', 'minio')!);
  const problems: string[] = [];
  for (const workload of workloadsToCheck) {
    for (const container of workload.spec.template.spec.containers as Obj[]) {
      for (const [appKey, rootKey] of ROOT_PAIRS) {
        const app = k8sEnvSource(container, appKey);
        const root = k8sEnvSource(minio, rootKey);
        assert.ok(root?.value, `the minio StatefulSet gets ${rootKey}`);
        if (app && (app.from === root.from || app.value === root.value))
          problems.push(`${workload.metadata.name}: ${appKey} is MinIO's ${rootKey} (${app.from})`);
      }
    }
  }
  return problems;
}

/** compose services whose object-storage keys are MinIO's root credentials: the same variable, or the same default. */
function composeRootCredentialUses(services: Record<string, Obj>): string[] {
  const minio = composeEnv(services.minio);
  const variable = (value: string | undefined): string | undefined => /^\$\{([A-Za-z0-9_]+)/.exec(value ?? '')?.[1];
  const problems: string[] = [];
  for (const [name, service] of Object.entries(services)) {
    if (name === 'minio' || name === 'minio-init') continue;
    const env = composeEnv(service);
    for (const [appKey, rootKey] of ROOT_PAIRS) {
      if (env[appKey] === undefined) continue;
      if (variable(env[appKey]) === variable(minio[rootKey]) || composeDefault(env[appKey]) === composeDefault(minio[rootKey]))
        problems.push(`${name}: ${appKey} is MinIO's ${rootKey} (${env[appKey]})`);
    }
  }
  return problems;
}

describe("object storage: the app's own MinIO user, limited to its bucket (ADR 0006)", () => {
  const bucket = configMaps.get('gateway-config')?.S3_BUCKET ?? '';
  const policyFile = path.join(K8S_BASE, 'infra', 'minio', 'app-bucket-policy.json');
  const storageApps = appDeployments.filter((d) => k8sEnvKeys(mainContainer(d)).includes('S3_ACCESS_KEY'));

  test('no service gets the MinIO root credentials as its object-storage keys, in k8s or compose', () => {
    assert.deepEqual(sorted(storageApps.map((d) => d.metadata.name)), ['catalog', 'gateway', 'media']);
    assert.deepEqual(k8sRootCredentialUses(appDeployments), []);
    assert.deepEqual(composeRootCredentialUses(composeServices), []);
  });

  test('the root-credential check fails for a service handed the root user, by reference or by value', () => {
    const catalog = structuredClone(appDeployment('catalog'));
    const env = mainContainer(catalog).env as Obj[];
    env.find((e) => e.name === 'S3_ACCESS_KEY')!.valueFrom = { secretKeyRef: { name: 'minio-credentials', key: 'MINIO_ROOT_USER' } };
    env.find((e) => e.name === 'S3_SECRET_KEY')!.valueFrom = undefined;
    env.find((e) => e.name === 'S3_SECRET_KEY')!.value = secrets.get('minio-credentials')?.MINIO_ROOT_PASSWORD;
    assert.deepEqual(k8sRootCredentialUses([catalog]), [
      "catalog: S3_ACCESS_KEY is MinIO's MINIO_ROOT_USER (Secret/minio-credentials/MINIO_ROOT_USER)",
      "catalog: S3_SECRET_KEY is MinIO's MINIO_ROOT_PASSWORD (inline)",
    ]);
    const services = structuredClone(composeServices);
    services.gateway.environment = { ...composeEnv(services.gateway), S3_ACCESS_KEY: '${MINIO_ROOT_USER:-minio-root-dev-only}' };
    assert.deepEqual(composeRootCredentialUses(services), ["gateway: S3_ACCESS_KEY is MinIO's MINIO_ROOT_USER (${MINIO_ROOT_USER:-minio-root-dev-only})"]);
  });

  test("the app's policy allows only the bucket's objects (read, write, delete, list, multipart): no other bucket, no admin", () => {
    const policy = JSON.parse(readFileSync(policyFile, 'utf8')) as { Version: string; Statement: Obj[] };
    assert.equal(policy.Version, '2012-10-17');
    const granted = policy.Statement.flatMap((s) => {
      assert.equal(s.Effect, 'Allow');
      assert.equal(s.Condition, undefined);
      return (s.Action as string[]).flatMap((action) => (s.Resource as string[]).map((resource) => `${action} ${resource}`));
    });
    const onBucket = (actions: string[]) => actions.map((a) => `s3:${a} arn:aws:s3:::${bucket}`);
    const onObjects = (actions: string[]) => actions.map((a) => `s3:${a} arn:aws:s3:::${bucket}/*`);
    assert.deepEqual(
      sorted(granted),
      sorted([
        ...onBucket(['GetBucketLocation', 'ListBucket', 'ListBucketMultipartUploads']),
        ...onObjects(['GetObject', 'PutObject', 'DeleteObject', 'AbortMultipartUpload', 'ListMultipartUploadParts']),
      ]),
    );
    assert.equal(composeDefault(composeEnv(composeServices['minio-init']).S3_BUCKET), bucket, 'compose names the same bucket');
    assert.equal(configMaps.get('minio-app-policy')?.['app-bucket-policy.json'], readFileSync(policyFile, 'utf8'), 'k8s ships the file as it is');
    const mount = (composeServices['minio-init'].volumes as string[]).find((v) => v.endsWith(':/etc/minio-policy/app-bucket-policy.json:ro'));
    assert.equal(mount, './k8s/base/infra/minio/app-bucket-policy.json:/etc/minio-policy/app-bucket-policy.json:ro', 'compose mounts the same file');
    const job = byName('Job', 'minio-create-bucket')!;
    const volume = (job.spec.template.spec.volumes as Obj[]).find((v) => v.configMap?.name === 'minio-app-policy');
    const jobMount = (job.spec.template.spec.containers[0].volumeMounts as Obj[]).find((m) => m.name === volume?.name);
    assert.deepEqual(jobMount, { name: volume?.name, mountPath: '/etc/minio-policy', readOnly: true });
  });

  /** Runs one of the setup scripts with a stand-in `mc` that logs its calls and reports the user's policies. */
  function runSetup(script: string, env: Record<string, string>, policies: string): { status: number | null; stderr: string; calls: string[] } {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'km-minio-setup-'));
    try {
      const log = path.join(dir, 'calls.log');
      writeFileSync(
        path.join(dir, 'mc'),
        '#!/bin/sh\necho "$*" >> "$MC_LOG"\n' +
          'case "$*" in "admin user info "*) printf "AccessKey: %s\\nStatus: enabled\\nPolicyName: %s\\nMemberOf: \\n" "$4" "$MC_POLICIES" ;; esac\n',
        { mode: 0o755 },
      );
      writeFileSync(log, '');
      const result = spawnSync('/bin/sh', ['-ec', script.replaceAll('/etc/minio-policy/', `${path.dirname(policyFile)}/`)], {
        encoding: 'utf8',
        env: { PATH: `${dir}:${process.env.PATH}`, HOME: dir, MC_LOG: log, MC_POLICIES: policies, ...env },
      });
      return { status: result.status, stderr: result.stderr, calls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const scripts: [string, string][] = [
    ['k8s Job minio-create-bucket', byName('Job', 'minio-create-bucket')?.spec.template.spec.containers[0].args[0]],
    ['compose minio-init', String(composeServices['minio-init'].command[0]).replaceAll('$$', '$')],
  ];
  const keys = { MINIO_ROOT_USER: 'root', MINIO_ROOT_PASSWORD: 'root-password', S3_ACCESS_KEY: 'kingdom-app', S3_SECRET_KEY: 'app-secret' };

  for (const [name, script] of scripts) {
    test(`${name}: creates the bucket and the policy from the file, and attaches only that policy to the app's user (taking back readwrite)`, () => {
      const setup = [
        'alias set kingdom http://minio:9000 root root-password',
        `mb --ignore-existing kingdom/${bucket}`,
        `admin policy create kingdom kingdom-app-bucket ${policyFile}`,
        'admin user add kingdom kingdom-app app-secret',
        'admin user info kingdom kingdom-app',
      ];
      const fresh = runSetup(script, { ...keys, S3_BUCKET: bucket }, '');
      assert.equal(fresh.status, 0, fresh.stderr);
      assert.deepEqual(fresh.calls, [...setup, 'admin policy attach kingdom kingdom-app-bucket --user kingdom-app']);
      // a user an earlier version of the script made: readwrite (every bucket) is taken back
      const earlier = runSetup(script, { ...keys, S3_BUCKET: bucket }, 'readwrite');
      assert.equal(earlier.status, 0, earlier.stderr);
      assert.deepEqual(earlier.calls, [
        ...setup,
        'admin policy attach kingdom kingdom-app-bucket --user kingdom-app',
        'admin policy detach kingdom readwrite --user kingdom-app',
      ]);
      // run again: nothing more to change
      const again = runSetup(script, { ...keys, S3_BUCKET: bucket }, 'kingdom-app-bucket');
      assert.equal(again.status, 0, again.stderr);
      assert.deepEqual(again.calls, setup);
    });

    test(`${name}: refuses, before calling MinIO, the root user as the app's keys and a bucket the policy does not name`, () => {
      const root = runSetup(script, { ...keys, S3_ACCESS_KEY: 'root', S3_BUCKET: bucket }, '');
      assert.equal(root.status, 1);
      assert.match(root.stderr, /S3_ACCESS_KEY is the MinIO root user: give the services a user of their own/);
      assert.deepEqual(root.calls, []);
      const other = runSetup(script, { ...keys, S3_BUCKET: 'another-bucket' }, '');
      assert.equal(other.status, 1);
      assert.match(other.stderr, /app-bucket-policy\.json does not name the bucket another-bucket/);
      assert.deepEqual(other.calls, []);
    });
  }

  kubectlTest('kubectl: dev renders the policy ConfigMap the Job mounts, with the file as it is; prod runs no MinIO (external S3, ADR 0070)', () => {
    const prod = render(OVERLAYS[1]);
    assert.deepEqual(
      prod.filter((d) => d.metadata.name.startsWith('minio') && d.kind !== 'NetworkPolicy').map((d) => `${d.kind}/${d.metadata.name}`),
      [],
      'prod has no MinIO StatefulSet, Service, bucket Job or policy ConfigMap',
    );
    for (const dir of [OVERLAYS[0]]) {
      const docs = render(dir);
      const job = docs.find((d) => d.kind === 'Job' && d.metadata.name === 'minio-create-bucket');
      const volume = (job?.spec.template.spec.volumes as Obj[]).find((v) => v.name === 'policy');
      const configMap = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name === volume?.configMap?.name);
      assert.match(configMap?.metadata.name ?? '', /^minio-app-policy-[a-z0-9]{10}$/, rel(dir));
      assert.equal(configMap?.data['app-bucket-policy.json'], readFileSync(policyFile, 'utf8'), rel(dir));
    }
  });
});

// ------------------------------------------------------------------------------------------ production past one machine
describe('prod: past one machine (ADR 0070)', () => {
  const PROD = OVERLAYS[1];
  let cached: Obj[] | undefined;
  const prod = (): Obj[] => (cached ??= render(PROD));
  const one = (kind: string, name: string): Obj => {
    const found = prod().find((d) => d.kind === kind && d.metadata.name === name);
    assert.ok(found, `prod renders ${kind}/${name}`);
    return found;
  };
  /** A generated ConfigMap of the render by its name before the hash suffix. */
  const generatedConfigMap = (docs: Obj[], name: string): Obj | undefined =>
    docs.find((d) => d.kind === 'ConfigMap' && new RegExp(`^${name}-[a-z0-9]{10}$`).test(d.metadata.name));
  const selects = (selector: Obj, labels: Record<string, string>): boolean =>
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) && (selector.matchExpressions ?? []).length === 0;
  const endpoints = yamlDocs(path.join(PROD, 'stores', 'endpoints.yaml'))[0].data as Record<string, string>;
  /** The cluster.conf the prod NATS servers load (the rendered ConfigMap's). */
  const clusterConf = (): string => generatedConfigMap(prod(), 'nats-cluster-config')?.data['cluster.conf'] ?? '';

  kubectlTest('NATS is a 3-node StatefulSet under a headless Service, one server per node, at most one down', () => {
    const nats = one('StatefulSet', 'nats');
    assert.equal(nats.spec.replicas, 3);
    assert.equal(nats.spec.serviceName, 'nats-headless');
    const headless = one('Service', 'nats-headless');
    assert.deepEqual([headless.spec.clusterIP, headless.spec.publishNotReadyAddresses], ['None', true]);
    assert.ok(selects({ matchLabels: headless.spec.selector }, nats.spec.template.metadata.labels), 'the headless Service selects the nats pods');
    assert.ok((headless.spec.ports as Obj[]).some((p) => p.port === 6222 && p.targetPort === 'cluster'));
    const c = mainContainer(nats);
    assert.deepEqual(
      (c.ports as Obj[]).find((p) => p.name === 'cluster'),
      { name: 'cluster', containerPort: 6222 },
    );
    assert.deepEqual(nats.spec.template.spec.topologySpreadConstraints, [
      {
        maxSkew: 1,
        topologyKey: 'kubernetes.io/hostname',
        whenUnsatisfiable: 'DoNotSchedule',
        labelSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } },
      },
    ]);
    const pdbs = prod().filter((d) => d.kind === 'PodDisruptionBudget' && selects(d.spec.selector, nats.spec.template.metadata.labels));
    assert.deepEqual(
      pdbs.map((p) => [p.metadata.name, p.spec.maxUnavailable]),
      [['nats', 1]],
    );
  });

  kubectlTest('NATS loads cluster.conf: the base nats.conf included, server_name from the pod name, a cluster block routing to all 3 members', () => {
    const nats = one('StatefulSet', 'nats');
    const c = mainContainer(nats);
    assert.equal(c.args[c.args.indexOf('-c') + 1], '/etc/nats/cluster.conf');
    assert.deepEqual(c.args.slice(0, 2), ['-js', '-sd']);
    const sources = ((nats.spec.template.spec.volumes as Obj[]).find((v) => v.name === 'config')?.projected?.sources ?? []) as Obj[];
    assert.deepEqual(
      sources.map((s) => s.configMap.name.replace(/-[a-z0-9]{10}$/, '')),
      ['nats-config', 'nats-cluster-config'],
      'one directory holds nats.conf and cluster.conf',
    );
    assert.equal(generatedConfigMap(prod(), 'nats-config')?.data['nats.conf'], DEPLOY_NATS_CONFIG, 'the users and permissions are the base’s, unchanged');
    assert.deepEqual(
      (c.env as Obj[]).find((e) => e.name === 'SERVER_NAME'),
      { name: 'SERVER_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
    );
    const conf = clusterConf();
    assert.match(conf, /^include \.\/nats\.conf$/m);
    assert.match(conf, /^server_name: \$SERVER_NAME$/m);
    const cluster = /^cluster \{([\s\S]*?)^\}/m.exec(conf)?.[1] ?? '';
    assert.match(cluster, /^\s*port: 6222$/m);
    assert.match(cluster, /^\s*name: \S+$/m);
    const routes = [...(/routes: \[([\s\S]*?)\]/.exec(cluster)?.[1] ?? '').matchAll(/nats:\/\/\S+/g)].map((m) => m[0]);
    assert.deepEqual(
      routes,
      [0, 1, 2].map((i) => `nats://nats-${i}.${nats.spec.serviceName}:6222`),
      'one route to each pod of the StatefulSet, by its name under the governing Service',
    );
  });

  const natsServer = spawnSync('nats-server', ['--version'], { encoding: 'utf8' });
  (kubectl.status === 0 && natsServer.status === 0 ? test : test.skip)(
    'nats-server accepts the rendered cluster.conf with the base nats.conf (its -t check)',
    () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'km-nats-cluster-'));
      try {
        writeFileSync(path.join(dir, 'nats.conf'), DEPLOY_NATS_CONFIG);
        writeFileSync(path.join(dir, 'cluster.conf'), clusterConf());
        const passwords = Object.fromEntries(BUS_USERS.map((user) => [passwordEnvName(user), 'x']));
        const result = spawnSync('nats-server', ['-js', '-sd', path.join(dir, 'data'), '-c', path.join(dir, 'cluster.conf'), '-t'], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH, SERVER_NAME: 'nats-0', ...passwords },
        });
        assert.equal(result.status, 0, result.stderr + result.stdout);
        assert.match(result.stderr + result.stdout, /is valid/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  kubectlTest("the NATS routes' port is open to the nats pods only", () => {
    const policies = prod().filter((d) => d.kind === 'NetworkPolicy' && d.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === 'nats');
    const on6222 = policies.filter((p) => (p.spec.ingress as Obj[]).some((rule) => (rule.ports ?? []).some((port: Obj) => port.port === 6222)));
    assert.deepEqual(
      on6222.map((p) => p.spec.ingress),
      [[{ from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'nats' } } }], ports: [{ protocol: 'TCP', port: 6222 }] }]],
    );
  });

  kubectlTest('the EVENTS stream keeps 3 copies in prod (NATS_STREAM_REPLICAS, every app gets it), 1 in dev and compose', () => {
    const prodCommon = generatedConfigMap(prod(), 'app-common-config');
    assert.equal(prodCommon?.data.NATS_STREAM_REPLICAS, '3');
    assert.ok(Number(prodCommon?.data.NATS_STREAM_REPLICAS) <= one('StatefulSet', 'nats').spec.replicas, 'no more copies than servers');
    for (const d of renderedApps(prod())) {
      const names = (mainContainer(d).envFrom as Obj[]).map((e) => e.configMapRef?.name);
      assert.ok(names.includes(prodCommon?.metadata.name), `${d.metadata.name} reads app-common-config`);
      assert.equal(
        (mainContainer(d).env ?? []).find((e: Obj) => e.name === 'NATS_STREAM_REPLICAS'),
        undefined,
        `${d.metadata.name} does not override it`,
      );
    }
    assert.equal(generatedConfigMap(render(OVERLAYS[0]), 'app-common-config')?.data.NATS_STREAM_REPLICAS, '1');
    assert.equal(configMaps.get('app-common-config')?.NATS_STREAM_REPLICAS, '1', 'the base');
    for (const name of composeApps) assert.equal(composeEnv(composeServices[name]).NATS_STREAM_REPLICAS, '1', `compose ${name}`);
    assert.equal(render(OVERLAYS[0]).find((d) => d.kind === 'StatefulSet' && d.metadata.name === 'nats')?.spec.replicas, 1, 'dev runs one server');
  });

  kubectlTest('every app Deployment runs 2 pods or more, a PodDisruptionBudget selects it, and it spreads over nodes by kubernetes.io/hostname', () => {
    const apps = renderedApps(prod());
    assert.deepEqual(sorted(apps.map((d) => d.metadata.name)), sorted(SERVICES.map((s) => s.name)));
    for (const d of apps) {
      const name = d.metadata.name;
      const labels = d.spec.template.metadata.labels as Record<string, string>;
      assert.ok(d.spec.replicas >= 2, `${name} runs ${d.spec.replicas}`);
      const pdbs = prod().filter((p) => p.kind === 'PodDisruptionBudget' && selects(p.spec.selector, labels));
      assert.equal(pdbs.length, 1, `${name}: one PodDisruptionBudget selects its pods`);
      assert.equal(pdbs[0].spec.maxUnavailable, 1, name);
      const hostname = (d.spec.template.spec.topologySpreadConstraints as Obj[] | undefined)?.find((t) => t.topologyKey === 'kubernetes.io/hostname');
      assert.ok(hostname, `${name} spreads by hostname`);
      assert.deepEqual([hostname.maxSkew, hostname.whenUnsatisfiable], [1, 'DoNotSchedule'], name);
      assert.ok(selects(hostname.labelSelector, labels), `${name}: the constraint's selector matches its own pods`);
      // the pod's own name joins the selector: each service is spread by itself, not with the others
      assert.deepEqual(hostname.matchLabelKeys, ['app.kubernetes.io/name', 'pod-template-hash'], name);
      assert.ok(labels['app.kubernetes.io/name'] === name, `${name} pods carry app.kubernetes.io/name`);
    }
    assert.equal(one('Deployment', 'gateway').spec.replicas, 4);
  });

  kubectlTest('HorizontalPodAutoscalers scale the gateway, orders and catalog on CPU, over the CPU requests the checkout bench measured', () => {
    const hpas = prod().filter((d) => d.kind === 'HorizontalPodAutoscaler');
    assert.deepEqual(sorted(hpas.map((h) => h.spec.scaleTargetRef.name)), ['catalog', 'gateway', 'orders']);
    const requests: Record<string, string> = { gateway: '200m', orders: '250m', catalog: '400m' };
    for (const hpa of hpas) {
      assert.equal(hpa.apiVersion, 'autoscaling/v2');
      const target = one('Deployment', hpa.spec.scaleTargetRef.name);
      assert.deepEqual([hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.apiVersion], ['Deployment', 'apps/v1']);
      assert.equal(hpa.spec.minReplicas, target.spec.replicas, `${hpa.metadata.name}: scaling in never goes under the HA floor`);
      assert.ok(hpa.spec.maxReplicas > hpa.spec.minReplicas);
      assert.deepEqual(hpa.spec.metrics, [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }]);
      assert.equal(mainContainer(target).resources.requests.cpu, requests[target.metadata.name], `${target.metadata.name}'s CPU request`);
    }
  });

  kubectlTest('Postgres, Redis and S3 come from stores/endpoints.yaml: ExternalName Services, S3 settings; no store runs in the namespace', () => {
    for (const store of ['postgres', 'redis']) {
      const service = one('Service', store);
      assert.deepEqual(service.spec, { type: 'ExternalName', externalName: endpoints[store] }, store);
    }
    assert.equal(endpoints.postgres, 'kingdom-postgres-rw.kingdom-data.svc.cluster.local', "the CloudNativePG Cluster's read-write Service");
    // the apps reach them by the names the ExternalNames take (their URLs, in the Secrets production supplies)
    for (const service of SERVICES) {
      const own = secrets.get(`${service.name}-secrets`) ?? {};
      if (own.DATABASE_URL) assert.equal(new URL(own.DATABASE_URL).hostname, 'postgres', service.name);
      if (own.REDIS_URL) assert.equal(new URL(own.REDIS_URL).hostname, 'redis', service.name);
    }
    const s3Apps = renderedApps(prod()).filter((d) =>
      hasNeed(
        SERVICES.find((s) => s.name === d.metadata.name)!,
        'storage',
      ),
    );
    assert.deepEqual(sorted(s3Apps.map((d) => d.metadata.name)), ['catalog', 'gateway', 'media']);
    for (const name of ['gateway', 'catalog', 'media']) {
      const data = generatedConfigMap(prod(), `${name}-config`)?.data ?? {};
      assert.deepEqual([data.S3_ENDPOINT, data.S3_PORT, data.S3_USE_SSL], [endpoints.s3, endpoints.s3Port, endpoints.s3UseSsl], name);
    }
    assert.deepEqual([endpoints.s3Port, endpoints.s3UseSsl], ['443', 'true'], 'S3 over HTTPS');
    assert.deepEqual(
      prod()
        .filter((d) => d.kind === 'StatefulSet' || d.kind === 'Job')
        .map((d) => `${d.kind}/${d.metadata.name}`),
      ['StatefulSet/nats'],
    );
    assert.deepEqual(
      prod().filter((d) => d.kind === 'ConfigMap' && d.metadata.name === 'stores'),
      [],
      'the endpoints are local config only',
    );
  });

  kubectlTest(
    "operators/: a 3-instance CloudNativePG Cluster, one per node, whose read-write Service is the endpoint prod's postgres names, with the registry's databases",
    () => {
      const docs = render(path.join(PROD, 'operators'));
      const clusters = docs.filter((d) => d.kind === 'Cluster' && d.apiVersion === 'postgresql.cnpg.io/v1');
      assert.equal(clusters.length, 1);
      const [cluster] = clusters;
      assert.equal(cluster.spec.instances, 3);
      assert.deepEqual(cluster.spec.affinity, { enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname', podAntiAffinityType: 'required' });
      assert.equal(endpoints.postgres, `${cluster.metadata.name}-rw.${cluster.metadata.namespace}.svc.cluster.local`);
      const databases = docs.filter((d) => d.kind === 'Database');
      assert.deepEqual(sorted(databases.map((d) => d.spec.name)), sorted(DATABASES));
      for (const d of databases) assert.deepEqual([d.spec.cluster.name, d.spec.owner], [cluster.metadata.name, 'kingdom'], d.spec.name);
    },
  );

  kubectlTest('the prod render holds core kinds only: operator resources (CloudNativePG) are the separate operators/ kustomization', () => {
    const core = ['v1', 'apps/v1', 'batch/v1', 'policy/v1', 'autoscaling/v2', 'networking.k8s.io/v1'];
    assert.deepEqual(
      prod()
        .filter((d) => !core.includes(d.apiVersion))
        .map((d) => `${d.apiVersion} ${d.kind}`),
      [],
    );
    assert.ok(!(kustomization(PROD).resources as string[]).some((r) => r.startsWith('operators')), 'operators/ is not part of the main render');
  });
});
