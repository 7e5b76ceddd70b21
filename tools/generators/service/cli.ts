// `npm run new:service -- <name>`: runs the Nx generator (generator.ts) on the workspace, then does what a new
// workspace package needs: npm install (links it, updates package-lock.json), builds the shared libraries and
// renders the NATS permissions from the registry (the generated nats.conf).
import { flushChanges, FsTree } from 'nx/src/generators/tree';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serviceGenerator } from './generator';

const root = path.resolve(__dirname, '..', '..', '..');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('usage: npm run new:service -- <name>   (e.g. npm run new:service -- media)');
  const tree = new FsTree(root, false);
  const service = await serviceGenerator(tree, { name });
  const changes = tree.listChanges();
  flushChanges(root, changes);
  for (const change of changes) console.log(`${change.type === 'CREATE' ? 'created' : 'updated'} ${change.path}`);
  run('npm', ['install', '--no-audit', '--no-fund']);
  run(path.join(root, 'node_modules', '.bin', 'nx'), ['run-many', '-t', 'build', '--projects', '@km/contracts,@km/registry', '--output-style=static']);
  run(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'tools', 'stack', 'nats-permissions.ts')]);
  console.log(
    `\n${service.name} is a service (port index ${service.index}: ${3000 + service.index} under npm start, ${3900 + service.index} under npm test).` +
      `\nNext: its needs and bus access in libs/registry/src/services.ts, its domain in services/${service.name}; npm test; npm start.`,
  );
}

main().catch((error: unknown) => {
  console.error(`new:service: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
