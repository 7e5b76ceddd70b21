// The deployment files checked against what the deploy stage built and ran (ADR 0068): compose and both k8s overlays
// name the images that were built, the ports and probes the running containers answered on, and every setting the
// containers were given; and every rendered k8s object is valid against the Kubernetes schemas (kubernetes-models).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { DOCKER_CLIENT } from '../images/docker-engine';
import type { BuiltImage } from '../images/images';
import type { RunContainer } from './containers';

type Obj = Record<string, any>;
const ROOT = path.resolve(__dirname, '..', '..');
const ran = JSON.parse(readFileSync(process.env.KM_DEPLOY_RAN ?? '', 'utf8')) as { built: BuiltImage[]; containers: RunContainer[] };

/**
 * Settings the local stack gives the containers that a deployment sets otherwise or not at all, each for a reason:
 * the Stripe emulator's address (production talks to Stripe), the demo seed and the test profile's raised budgets.
 */
const LOCAL_ONLY: Record<string, string> = {
  STRIPE_API_HOST: 'the Stripe emulator (ADR 0007); production reaches api.stripe.com',
  STRIPE_API_PORT: 'the Stripe emulator',
  STRIPE_API_PROTOCOL: 'the Stripe emulator',
  SEED_DEMO: 'demo content for the local stack',
  ADMIN_TOTP_OPTIONAL_FOR_SEEDED_ADMIN: 'development and tests only; production refuses it',
  PRAYER_DIGEST_SCHEDULE: "the browser suite's 5-second digest; production uses the default",
  RATE_LIMIT_PER_MINUTE: "the test profile's raised budget",
  RATE_LIMIT_CHECKOUT_PER_MINUTE: "the test profile's raised budget (compose sets its own)",
  RATE_LIMIT_FORMS_PER_HOUR: "the test profile's raised budget (compose sets its own)",
  RATE_LIMIT_MANUSCRIPTS_PER_HOUR: "the test profile's raised budget",
  LOGIN_MAX_ATTEMPTS_PER_ADDRESS: "the test profile's raised budget",
  ALLOWED_ORIGINS: "the local stack's own origin; production derives it from PUBLIC_ORIGIN",
  HTTP_HOST: 'loopback on the host network; a container listens on every interface',
};

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Obj;
const resolveDefaults = (value: string) => value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_m, _name, fallback = '') => fallback);

const overlays = ['dev', 'prod'].map((name) => ({
  name,
  docs: parseAllDocuments(execFileSync('kubectl', ['kustomize', path.join(ROOT, 'k8s', 'overlays', name)], { encoding: 'utf8' }))
    .map((d) => d.toJS() as Obj)
    .filter(Boolean),
}));

function k8sContainer(docs: Obj[], service: string): Obj {
  const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === service);
  assert.ok(deployment, `a Deployment named ${service}`);
  return deployment.spec.template.spec.containers.find((c: Obj) => c.name === service) ?? deployment.spec.template.spec.containers[0];
}

/**
 * The production overlay renders no Secret (production supplies them, under the names the base gives its placeholders);
 * the keys a Secret must hold are those of the base's placeholder, which the dev overlay renders.
 */
const placeholderSecrets = overlays.flatMap(({ docs }) => docs.filter((d) => d.kind === 'Secret'));

function k8sEnvNames(docs: Obj[], container: Obj): Set<string> {
  const names = new Set<string>((container.env ?? []).map((e: Obj) => e.name));
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const source = (kind === 'Secret' ? [...docs, ...placeholderSecrets] : docs).find((d) => d.kind === kind && d.metadata.name === ref.name);
    assert.ok(source, `${kind} ${ref.name} exists`);
    for (const key of Object.keys({ ...source.data, ...source.stringData })) names.add(`${from.prefix ?? ''}${key}`);
  }
  return names;
}

test('compose and both k8s overlays name exactly the images that were built and run', () => {
  for (const c of ran.containers) {
    assert.equal(resolveDefaults(compose.services[c.service].image), c.image, `compose ${c.service}`);
    for (const { name, docs } of overlays) {
      const image = k8sContainer(docs, c.service).image as string;
      assert.match(image, new RegExp(`(^|/)kingdom-marketplace/${c.service}(:|@|$)`), `k8s ${name} ${c.service}: ${image}`);
    }
  }
});

test("each image listens where compose and k8s say: the image's HTTP_PORT and EXPOSE equal compose's HTTP_PORT and k8s's container port", () => {
  for (const b of ran.built) {
    const composePort = Number(compose.services[b.service].environment.HTTP_PORT);
    assert.equal(b.httpPort, composePort, `${b.service} image vs compose`);
    assert.deepEqual(b.exposedPorts, [`${composePort}/tcp`]);
    for (const { name, docs } of overlays) {
      const port = (k8sContainer(docs, b.service).ports as Obj[]).find((p) => p.name === 'http');
      assert.equal(port?.containerPort, composePort, `k8s ${name} ${b.service}`);
    }
  }
});

test('the probes compose and k8s declare are the ones the running containers answered (/health, /ready) and the image runs as uid 1000', () => {
  for (const b of ran.built) {
    assert.match(b.healthcheck, /\/health/, `${b.service} image HEALTHCHECK`);
    assert.equal(b.user, 'node');
    assert.match(JSON.stringify(compose.services[b.service].healthcheck.test), /\/health/);
    for (const { name, docs } of overlays) {
      const container = k8sContainer(docs, b.service);
      assert.equal(container.readinessProbe?.httpGet?.path, '/ready', `k8s ${name} ${b.service} readiness`);
      assert.equal(container.livenessProbe?.httpGet?.path, '/health', `k8s ${name} ${b.service} liveness`);
    }
  }
});

test('every setting a running container was given is declared for that service in compose and in both k8s overlays (or is local-only, with its reason)', () => {
  for (const c of ran.containers) {
    const composeNames = new Set(Object.keys(compose.services[c.service].environment ?? {}));
    const used = Object.keys(c.env).filter((name) => !(name in LOCAL_ONLY));
    assert.deepEqual(
      used.filter((name) => !composeNames.has(name)),
      [],
      `compose's ${c.service} lacks settings its container needed`,
    );
    for (const { name, docs } of overlays) {
      const k8sNames = k8sEnvNames(docs, k8sContainer(docs, c.service));
      assert.deepEqual(
        used.filter((n) => !k8sNames.has(n)),
        [],
        `k8s ${name}'s ${c.service} lacks settings its container needed`,
      );
    }
  }
});

test("each image holds its own service's production dependencies only (ADR 0076): no build or test tool, and a package one service alone uses is in that service's image alone", () => {
  const socket = process.env.KM_DEPLOY_DOCKER_SOCKET ?? '';
  // node_modules' packages, read by the image's own node (the runtime base has no ls)
  const list =
    "const fs = require('fs'); console.log(JSON.stringify(fs.readdirSync('node_modules').flatMap((d) => d.startsWith('@') ? fs.readdirSync('node_modules/' + d).map((p) => d + '/' + p) : [d])))";
  const packages = Object.fromEntries(
    ran.built.map((b) => [
      b.service,
      new Set(
        JSON.parse(
          execFileSync(DOCKER_CLIENT, [`--host=unix://${socket}`, 'run', '--rm', '--network=none', '--entrypoint', 'node', b.image, '-e', list], {
            encoding: 'utf8',
          }),
        ) as string[],
      ),
    ]),
  );
  for (const [service, names] of Object.entries(packages)) {
    const tools = ['typescript', 'nx', 'jest', '@nestjs/testing', 'supertest', 'vite', 'react', 'eslint', 'maildev', 'playwright-core'].filter((n) =>
      names.has(n),
    );
    assert.deepEqual(tools, [], `${service}'s image`);
    assert.ok(names.has('@nestjs/core') && names.has('@km/nest-kit') && names.has(`@km/${service}`), `${service}'s image has its runtime`);
  }
  const holders = (name: string) => Object.keys(packages).filter((service) => packages[service].has(name));
  assert.deepEqual(Object.fromEntries(['argon2', 'qrcode', 'music-metadata', '@fastify/static', '@nestjs/swagger'].map((name) => [name, holders(name)])), {
    argon2: ['identity'],
    qrcode: ['identity'],
    'music-metadata': ['media'],
    '@fastify/static': ['gateway'],
    '@nestjs/swagger': ['gateway'],
  });
});

test('every object both overlays render is valid against the Kubernetes API schemas (kubernetes-models, offline)', async () => {
  const modules: Record<string, string> = {
    v1: 'kubernetes-models/v1',
    'apps/v1': 'kubernetes-models/apps/v1',
    'batch/v1': 'kubernetes-models/batch/v1',
    'networking.k8s.io/v1': 'kubernetes-models/networking.k8s.io/v1',
    'policy/v1': 'kubernetes-models/policy/v1',
    'autoscaling/v2': 'kubernetes-models/autoscaling/v2',
  };
  let checked = 0;
  for (const { name, docs } of overlays) {
    for (const doc of docs) {
      const module = modules[doc.apiVersion];
      assert.ok(module, `${name}: no schema module for ${doc.apiVersion}`);
      const Model = (await import(module))[doc.kind];
      assert.ok(Model, `${name}: no model for ${doc.apiVersion} ${doc.kind}`);
      assert.doesNotThrow(() => new Model(doc).validate(), `${name}: ${doc.kind} ${doc.metadata?.name}`);
      checked++;
    }
  }
  assert.ok(checked > 100, `${checked} objects checked`);
});
