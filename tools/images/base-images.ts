import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../stack/config';
import type { DockerEngine } from './docker-engine';

/** The base images `npm run images` builds the service images from (tools/images/base.Dockerfile, ADR 0068). */
export const BASE_IMAGES = {
  build: `km/node-build:${process.versions.node}`,
  runtime: `km/node-runtime:${process.versions.node}`,
  media: `km/node-media:${process.versions.node}`,
};

const RECIPE = path.join(__dirname, 'base.Dockerfile');
/** The Debian root filesystem made by mmdebstrap, imported (ADR 0068). */
export const DEBIAN_IMAGE = 'km/debian:bookworm';

/** Native modules whose shared libraries the runtime base must carry (ldd's closure is taken in the base build). */
const NATIVE_FILES = [/node_modules\/argon2\/prebuilds\/linux-x64\/[^/]+\.glibc\.node$/, /node_modules\/@img\/sharp-[^/]+\/lib\/[^/]+\.(node|so[.\d]*)$/];

function nativeFiles(): string[] {
  const found: string[] = [];
  for (const dir of ['argon2/prebuilds/linux-x64', '@img/sharp-linux-x64/lib', '@img/sharp-libvips-linux-x64/lib']) {
    const full = path.join(ROOT, 'node_modules', dir);
    if (!existsSync(full)) continue;
    for (const f of readdirSync(full)) {
      const file = path.join(full, f);
      if (NATIVE_FILES.some((re) => re.test(file))) found.push(file);
    }
  }
  return found;
}

const exists = (engine: DockerEngine, image: string, key: string) => {
  try {
    return engine.run(['image', 'inspect', '--format', '{{ index .Config.Labels "km.base-key" }}', image]) === key;
  } catch {
    return false;
  }
};

/** Makes (once) the Debian root filesystem with mmdebstrap and imports it as DEBIAN_IMAGE. */
export async function ensureDebianImage(engine: DockerEngine, log: (line: string) => void): Promise<void> {
  try {
    engine.run(['image', 'inspect', DEBIAN_IMAGE], { quiet: true });
    return;
  } catch {
    // not imported yet
  }
  const work = path.join(ROOT, '.data', 'images');
  mkdirSync(work, { recursive: true });
  const tar = path.join(work, 'debian-bookworm-minbase.tar');
  // A directory at this name is what an earlier mmdebstrap left when it chose its format from the file name.
  if (existsSync(tar) && !statSync(tar).isFile()) rmSync(tar, { recursive: true, force: true });
  if (!existsSync(tar)) {
    const started = Date.now();
    log('making a Debian bookworm root filesystem (mmdebstrap --variant=minbase)…');
    const partial = `${tar}.partial`;
    rmSync(partial, { recursive: true, force: true });
    execFileSync(
      'mmdebstrap',
      [
        '--variant=minbase',
        // Said outright: mmdebstrap otherwise guesses the format from the name, and ".partial" reads as a directory.
        '--format=tar',
        '--include=ca-certificates,libstdc++6',
        ...['doc', 'man', 'locale', 'info'].map((d) => `--dpkgopt=path-exclude=/usr/share/${d}/*`),
        '--customize-hook=rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*',
        'bookworm',
        partial,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    renameSync(partial, tar);
    log(`Debian root filesystem made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  engine.run(['import', tar, DEBIAN_IMAGE]);
}

/**
 * Builds the three Node bases on the Debian image with the machine's Node. Resolves once the build and runtime bases
 * exist; `media` resolves once the media base does too (apt installs ffmpeg there, the longest of the three), so the
 * service images can start building meanwhile (ADR 0076). A key over the recipe and the Node version decides when
 * they are made again.
 */
export async function ensureBaseImages(engine: DockerEngine, log: (line: string) => void): Promise<{ media: Promise<void> }> {
  const key = createHash('sha256').update(readFileSync(RECIPE)).update(process.version).digest('hex').slice(0, 16);
  if (Object.values(BASE_IMAGES).every((image) => exists(engine, image, key))) return { media: Promise.resolve() };
  await ensureDebianImage(engine, log);
  const work = path.join(ROOT, '.data', 'images');

  // The build context: the machine's Node and npm, and the native modules whose libraries the runtime needs.
  const context = path.join(work, 'base-context');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(path.join(context, 'native'), { recursive: true });
  cpSync(process.execPath, path.join(context, 'node'));
  const npmDir = path.resolve(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm');
  cpSync(npmDir, path.join(context, 'npm'), { recursive: true });
  for (const file of nativeFiles()) cpSync(file, path.join(context, 'native', path.basename(file)));

  const build = (target: string, tag: string, args: string[] = []) =>
    engine.stream(
      ['build', '--network=host', '--file', RECIPE, '--target', target, '--label', `km.base-key=${key}`, ...args, '--tag', tag, context],
      `[${tag.split(':')[0]}] `,
    );
  log(`building ${BASE_IMAGES.build}, ${BASE_IMAGES.runtime} and ${BASE_IMAGES.media}…`);
  await build('node-build', BASE_IMAGES.build);
  const media = build('node-runtime', BASE_IMAGES.media, ['--build-arg', 'EXTRA_PACKAGES=ffmpeg']);
  media.catch(() => undefined); // the caller awaits it; a failure before then is not an unhandled rejection
  await build('node-runtime', BASE_IMAGES.runtime);
  return { media };
}
