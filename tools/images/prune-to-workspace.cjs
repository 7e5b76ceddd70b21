// Prunes an install of every service's production dependencies (the Dockerfile's services-deps stage) to what one
// workspace needs at run time (ADR 0076): the packages reached from its link in node_modules through dependencies,
// optional and peer dependencies (never dev ones), followed through the workspaces it links. Read with npm's own
// Arborist. The lockfile fixes where each package sits, so what is left is the tree an install of the one workspace
// makes.
//   node prune-to-workspace.cjs services/catalog        (in the folder of the root package.json)
const { existsSync, readdirSync, rmdirSync, rmSync } = require('node:fs');
const path = require('node:path');
const Arborist = require(path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', '@npmcli', 'arborist'));

async function prune(workspace) {
  const tree = await new Arborist({ path: process.cwd() }).loadActual();
  const link = [...tree.children.values()].find((node) => node.isLink && node.target.location === workspace);
  if (!link) throw new Error(`${workspace} is not an installed workspace`);
  const kept = new Set();
  const keep = (node) => {
    if (kept.has(node)) return;
    kept.add(node);
    if (node.isLink) return keep(node.target);
    for (const edge of node.edgesOut.values()) if (!edge.dev && edge.to) keep(edge.to);
  };
  keep(link);
  const removed = [...tree.inventory.values()].filter((node) => node.location.includes('node_modules/') && !kept.has(node));
  for (const node of removed) rmSync(node.path, { recursive: true, force: true });

  // What the removed packages leave behind: their commands in .bin, empty scope folders, npm's record of the tree.
  const folders = [tree, ...kept].map((node) => path.join(node.path, 'node_modules')).filter((folder) => existsSync(folder));
  for (const folder of folders) {
    for (const entry of readdirSync(folder)) {
      const full = path.join(folder, entry);
      if (entry === '.bin') for (const bin of readdirSync(full)) if (!existsSync(path.join(full, bin))) rmSync(path.join(full, bin));
      if (entry.startsWith('@') && readdirSync(full).length === 0) rmdirSync(full);
    }
  }
  rmSync(path.join(tree.path, 'node_modules', '.package-lock.json'), { force: true });
  console.log(`${workspace}: ${kept.size} packages kept, ${removed.length} removed`);
}

prune(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
