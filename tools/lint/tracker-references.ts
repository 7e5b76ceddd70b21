import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Code cites the records inside the repository (`docs/decisions/NNNN-*.md`, "ADR 0026"), never an issue or pull
 * request of a tracker outside it (the word issue, ticket or PR with a number, or a number after a hash): a reader of the code cannot open those (ADR 0040).
 */
export const TRACKER_REFERENCE =
  /\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*#?\d+\b|\b(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?|see|refs?)\s+#\d+\b|\(#\d+\)/i;

const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;
const SKIP = new Set(['node_modules', 'dist', '.data', '.nx', '.git', 'test-results', 'playwright-report', '.artifacts', 'results']);
const ROOTS = ['libs', 'services', 'web', 'tools', 'e2e', 'bench'];

function codeFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

/** `file:line: text` for every line of `text` that names an outside tracker's issue. */
export function trackerReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (TRACKER_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** Every such line in the repository's code (the root files and eslint.config.mjs included). */
export function trackerReferenceProblems(repo: string): string[] {
  const files = [
    ...readdirSync(repo)
      .filter((name) => CODE.test(name))
      .map((name) => path.join(repo, name)),
    ...ROOTS.flatMap((dir) => codeFiles(path.join(repo, dir))),
  ];
  return files.flatMap((file) => trackerReferences(path.relative(repo, file), readFileSync(file, 'utf8')));
}
