#!/usr/bin/env node
// Runs the unit specs (*.spec.js) under one folder with node's test runner: `node tools/node-test.mjs dist/src`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'dist');
const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((f) => /\.spec\.js$/.test(f) && !f.includes('node_modules'))
  .map((f) => path.join(dir, f));
if (files.length === 0) {
  console.log(`no unit specs under ${path.relative(process.cwd(), dir)}`);
  process.exit(0);
}
const result = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
