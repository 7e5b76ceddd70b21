import path from 'node:path';
import { folderCycleProblems } from './folder-cycles';
import { trackerReferenceProblems } from './tracker-references';

// The checks ESLint cannot make, run by `npm run lint` (the lint phase of `npm test`) after ESLint (ADR 0041).
const repo = path.resolve(__dirname, '..', '..');
const findings = [
  ...folderCycleProblems(repo),
  ...trackerReferenceProblems(repo).map(
    (line) => `${line}\n    cite the ADR it belongs to (docs/decisions/README.md) or say the reason plainly, without an issue number`,
  ),
];
for (const finding of findings) console.error(finding);
if (findings.length > 0) {
  console.error(`\n${findings.length} structure problem(s): tools/lint/check.ts`);
  process.exit(1);
}
