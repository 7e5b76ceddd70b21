import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, type StackSettings } from '../stack/config';
import { startInfra } from '../stack/infra';
import type { ProcessGroup } from '../stack/processes';
import { buildImages, dockerEngine, imageReport } from '../images/images';
import { startContainers, stopContainers, type RunContainer } from './containers';

/**
 * `npm test`'s deploy stage (ADR 0068): builds every image with Debian's Docker engine, starts a fresh local
 * infrastructure (Postgres, Redis, NATS, S3, mail catcher, Stripe emulator), runs the gateway and every service as
 * containers of those images, and hands the smoke journey and the deployment-file checks (tools/deploy/*.test.ts)
 * what ran. Stops the containers and the engine afterwards.
 */
export async function deployStage<T>(settings: StackSettings, group: ProcessGroup, runJest: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  const deploySettings: StackSettings = { ...settings, dataDir: path.join(settings.dataDir, 'deploy') };
  rmSync(deploySettings.dataDir, { recursive: true, force: true });
  mkdirSync(deploySettings.dataDir, { recursive: true });
  const engine = await dockerEngine();
  const containers: RunContainer[] = [];
  try {
    const started = Date.now();
    const built = await buildImages(engine, (line) => console.log(`  ${line}`));
    const buildSeconds = (Date.now() - started) / 1000;
    console.log(`\n  images (goal: ≤ 250 MB each):\n${imageReport(built)}\n  all built in ${buildSeconds.toFixed(1)} s`);
    const urls = await startInfra(deploySettings, group);
    console.log('\n  starting the gateway and every service as containers (host network)…');
    const t0 = Date.now();
    await startContainers(engine, deploySettings, urls, path.join(deploySettings.dataDir, 'env'), containers);
    console.log(`  ${containers.length} containers ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const ran = path.join(deploySettings.dataDir, 'ran.json');
    writeFileSync(ran, JSON.stringify({ built, buildSeconds, containers }, null, 2));
    return await runJest({
      KM_DEPLOY_RAN: ran,
      KM_DEPLOY_GATEWAY_URL: `http://127.0.0.1:${deploySettings.ports.gateway}`,
      KM_DEPLOY_MAIL_API_URL: urls.mailWebUrl,
      KM_DEPLOY_STRIPE_API: urls.stripeApi,
      KM_DEPLOY_DOCKER_SOCKET: engine.socket,
      KM_ROOT: ROOT,
    });
  } finally {
    stopContainers(engine, containers, path.join(deploySettings.dataDir, 'env'));
    await engine.stop();
  }
}
