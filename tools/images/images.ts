import { createHash } from 'node:crypto';
import { SERVICES, servicePort } from '@km/registry';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../stack/config';
import { ensureSystemPackages } from '../stack/system-packages';
import { BASE_IMAGES, DEBIAN_IMAGE, ensureBaseImages, ensureDebianImage } from './base-images';
import { startDockerEngine, type DockerEngine } from './docker-engine';
import { seedNpmCache } from './npm-cache-seed';

export const IMAGE_REGISTRY = 'kingdom-marketplace';
export const IMAGE_TAG = 'local';
export const imageName = (service: string) => `${IMAGE_REGISTRY}/${service}:${IMAGE_TAG}`;

export interface BuiltImage {
  service: string;
  image: string;
  seconds: number;
  megabytes: number;
  /** From the image's own configuration, for the checks against compose and k8s. */
  httpPort: number;
  exposedPorts: string[];
  healthcheck: string;
  user: string;
}

/**
 * The engine for images and the deploy stage: one per checkout, its data under .data/docker. The name (its socket's)
 * comes from the checkout's path, so two clones on one machine never talk to each other's engine and cache.
 */
export async function dockerEngine(): Promise<DockerEngine> {
  ensureSystemPackages(['docker', 'mmdebstrap']);
  return startDockerEngine(path.join(ROOT, '.data'), `km-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
}

/** How many `docker build`s run side by side: they share the engine's cache, so the stages every image needs are built once. */
const PARALLEL_BUILDS = 2;

/**
 * Builds every service's image from the one Dockerfile (ADR 0068) with base images made here, passing the machine's
 * npm settings and CA bundle as build secrets, two builds at a time with the npm cache mount seeded from the machine's
 * npm cache (ADR 0076). BuildKit's layer cache makes a repeat build of an unchanged tree short.
 */
export async function buildImages(engine: DockerEngine, log: (line: string) => void = console.log): Promise<BuiltImage[]> {
  let started = Date.now();
  await ensureDebianImage(engine, log);
  const [bases] = await Promise.all([ensureBaseImages(engine, log), seedNpmCacheMount(engine, log)]);
  log(`build and runtime bases and the npm cache ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const secrets = [
    ...(existsSync('/etc/npmrc') ? ['--secret', 'id=npmrc,src=/etc/npmrc'] : []),
    ...(existsSync('/etc/ssl/certs/ca-certificates.crt') ? ['--secret', 'id=ca,src=/etc/ssl/certs/ca-certificates.crt'] : []),
  ];
  const build = async (service: (typeof SERVICES)[number]): Promise<BuiltImage> => {
    if (service.name === 'media') await bases.media;
    const started = Date.now();
    log(`building ${imageName(service.name)}…`);
    await engine.stream(
      [
        'build',
        '--network=host',
        '--build-arg',
        `SERVICE=${service.name}`,
        '--build-arg',
        `HTTP_PORT=${servicePort(service, 'container')}`,
        '--build-arg',
        `BUILD_IMAGE=${BASE_IMAGES.build}`,
        '--build-arg',
        `SLIM_IMAGE=${BASE_IMAGES.build}`,
        '--build-arg',
        `RUNTIME_IMAGE=${service.name === 'media' ? BASE_IMAGES.media : BASE_IMAGES.runtime}`,
        ...secrets,
        '--tag',
        imageName(service.name),
        ROOT,
      ],
      `[${service.name}] `,
    );
    const [inspected] = JSON.parse(engine.run(['image', 'inspect', imageName(service.name)])) as {
      Size: number;
      Config: { Env: string[]; ExposedPorts?: Record<string, object>; Healthcheck?: { Test: string[] }; User: string };
    }[];
    const envPort = inspected.Config.Env.find((e) => e.startsWith('HTTP_PORT='));
    return {
      service: service.name,
      image: imageName(service.name),
      seconds: (Date.now() - started) / 1000,
      megabytes: inspected.Size / 1e6,
      httpPort: Number(envPort?.slice('HTTP_PORT='.length)),
      exposedPorts: Object.keys(inspected.Config.ExposedPorts ?? {}),
      healthcheck: (inspected.Config.Healthcheck?.Test ?? []).join(' '),
      user: inspected.Config.User,
    };
  };

  started = Date.now();
  // media last: its base may still be building
  const queue = [...SERVICES.filter((s) => s.name !== 'media'), ...SERVICES.filter((s) => s.name === 'media')];
  const built = new Map<string, BuiltImage>();
  const worker = async () => {
    for (let service = queue.shift(); service; service = queue.shift()) built.set(service.name, await build(service));
  };
  const results = await Promise.allSettled(
    Array.from({ length: PARALLEL_BUILDS }, () =>
      worker().catch((error: unknown) => {
        queue.length = 0; // the other builder finishes its image and stops
        throw error;
      }),
    ),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  log(`service images built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return SERVICES.map((service) => built.get(service.name) as BuiltImage);
}

/**
 * A new engine (a clean clone's) starts with an empty npm cache mount: it is filled with the entries of the machine's
 * npm cache that the lockfile needs (ADR 0076), by a build of its own so the seed never enters an install's cache key.
 */
async function seedNpmCacheMount(engine: DockerEngine, log: (line: string) => void): Promise<void> {
  const seed = path.join(ROOT, '.data', 'images', 'npm-cache');
  const seeded = seedNpmCache(path.join(ROOT, 'package-lock.json'), seed);
  log(`seeding the npm cache mount with ${seeded.files} files (${(seeded.bytes / 1e6).toFixed(0)} MB) of this machine's npm cache…`);
  await engine.stream(
    [
      'build',
      '--network=none',
      '--file',
      path.join(__dirname, 'npm-cache.Dockerfile'),
      '--build-arg',
      `BASE_IMAGE=${DEBIAN_IMAGE}`,
      '--tag',
      'km/npm-cache:seed',
      seed,
    ],
    '[npm cache] ',
  );
}

export function imageReport(built: BuiltImage[]): string {
  return built.map((b) => `  ${b.image.padEnd(40)} ${b.megabytes.toFixed(0).padStart(4)} MB  built in ${b.seconds.toFixed(1)} s`).join('\n');
}

/** `npm run images`: builds every image, prints sizes and times, and stops the engine it started. */
export async function imagesCommand(): Promise<number> {
  const engine = await dockerEngine();
  try {
    const started = Date.now();
    const built = await buildImages(engine);
    console.log(`\nImages (goal: ≤ 250 MB each):\n${imageReport(built)}\nAll built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await engine.stop();
  }
}
