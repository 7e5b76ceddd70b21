import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Dependencies inside one service (`services/<name>/src`) or one web feature (`web/src/features/<name>`) run one way
 * between its folders (ADR 0041): folder A may import folder B, or B import A, never both, however long the loop.
 * Files directly under the root (main.ts, app.module.ts, config.ts; a feature's routes) compose the folders and are not
 * a folder of their own. Read from the TypeScript import graph (`ts.preProcessFile`, no type-check), so it runs in
 * about a second over the whole tree.
 */

/** A loop between folders that is known and allowed for now; the check fails if it grows, shrinks or disappears. */
export interface KnownCycle {
  root: string;
  folders: string[];
  why: string;
}

/** Loops found today that were too large to untie in one change; each names why and what would untie it. */
export const KNOWN_CYCLES: KnownCycle[] = [];

const SOURCE = /\.(ts|tsx)$/;
const SKIP = new Set(['node_modules', 'dist']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The folder (first path segment under `root`) a file belongs to, or null for a file directly under `root`. */
const folderOf = (root: string, file: string): string | null => {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 && !parts[0].startsWith('..') ? parts[0] : null;
};

export interface FolderEdge {
  from: string;
  to: string;
  /** One import that makes the edge: `file → imported file`, relative to the root. */
  via: string;
}

/**
 * The folder-to-folder imports under `root`. `aliases` maps an import prefix (the web's `@/`) to the directory it
 * stands for; any other bare import (a package) is outside the graph.
 */
export function folderEdges(root: string, aliases: Record<string, string> = {}): FolderEdge[] {
  const edges = new Map<string, FolderEdge>();
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    if (from === null) continue;
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const alias = Object.keys(aliases).find((prefix) => spec.startsWith(prefix));
      const base = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : alias ? path.join(aliases[alias], spec.slice(alias.length)) : null;
      const target = base && resolveFile(base);
      if (!target) continue;
      const to = folderOf(root, target);
      if (to === null || to === from) continue;
      const key = `${from}\0${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, via: `${path.relative(root, file)} → ${path.relative(root, target)}` });
    }
  }
  return [...edges.values()].sort((a, b) => a.via.localeCompare(b.via));
}

/** The strongly connected groups of two or more folders (Tarjan), each sorted, in a stable order. */
export function folderCycles(edges: FolderEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const nodes = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a.join().localeCompare(b.join()));
}

/** The roots checked: every service's src/ and every web feature, relative to the repository. */
export function checkedRoots(repo: string): { root: string; aliases: Record<string, string> }[] {
  const dirs = (dir: string) =>
    existsSync(path.join(repo, dir))
      ? readdirSync(path.join(repo, dir), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => `${dir}/${d.name}`)
          .sort()
      : [];
  const web = { '@/': path.join(repo, 'web', 'src') };
  return [
    ...dirs('services')
      .map((s) => `${s}/src`)
      .filter((s) => existsSync(path.join(repo, s)))
      .map((root) => ({ root, aliases: {} })),
    ...dirs('web/src/features').map((root) => ({ root, aliases: web })),
  ];
}

/** Every problem found: a loop that is not a known one (with the imports that close it), or a known one that changed. */
export function folderCycleProblems(repo: string, known: KnownCycle[] = KNOWN_CYCLES): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { root, aliases } of checkedRoots(repo)) {
    const edges = folderEdges(path.join(repo, root), aliases);
    for (const group of folderCycles(edges)) {
      const key = `${root}:${group.join(',')}`;
      seen.add(key);
      if (known.some((k) => `${k.root}:${[...k.folders].sort().join(',')}` === key)) continue;
      const inside = edges.filter((e) => group.includes(e.from) && group.includes(e.to));
      problems.push(
        `${root}: the folders ${group.join(', ')} import each other in a loop; make the dependency run one way (ADR 0041):\n` +
          inside.map((e) => `    ${e.from} → ${e.to}: ${e.via}`).join('\n'),
      );
    }
  }
  for (const k of known) {
    if (!seen.has(`${k.root}:${[...k.folders].sort().join(',')}`)) {
      problems.push(`${k.root}: the known loop ${k.folders.join(', ')} (tools/lint/folder-cycles.ts KNOWN_CYCLES) changed or is gone: update the list.`);
    }
  }
  return problems;
}
