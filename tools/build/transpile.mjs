#!/usr/bin/env node
// The `build` of every TypeScript project (Nx runs it from the project's folder): the files its tsconfig.json compiles,
// transpiled by swc into the same places tsc wrote them (rootDir → outDir, with source maps), decorator metadata
// included for NestJS and TypeORM. No type-check here: `typecheck` does that, in lint (ADR 0074).
import { transformFile } from '@swc/core';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const configFile = path.resolve(process.argv[2] ?? 'tsconfig.json');
const parsed = ts.getParsedCommandLineOfConfigFile(
  configFile,
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  },
);
if (parsed.errors.length > 0) throw new Error(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n'));
const { rootDir, outDir, target } = parsed.options;
if (!rootDir || !outDir) throw new Error(`${configFile} must set rootDir and outDir`);
if (target !== ts.ScriptTarget.ES2022) throw new Error(`${configFile}: the swc options below are tsc's for target ES2022; update them with the target`);

/** tsc's output for this repository's settings (tsconfig.base.json): CommonJS, ES2022, legacy decorators with metadata. */
const options = (file) => ({
  filename: file,
  swcrc: false,
  configFile: false,
  sourceMaps: true,
  // The map names the source relative to the output, as tsc's does.
  sourceFileName: path.relative(path.dirname(outputOf(file)), file),
  module: { type: 'commonjs', importInterop: 'swc', exportInteropAnnotation: true },
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    keepClassNames: true,
  },
});

const outputOf = (file) => path.join(outDir, path.relative(rootDir, file)).replace(/\.tsx?$/, '.js');

const files = parsed.fileNames.filter((file) => !file.endsWith('.d.ts'));
await Promise.all(
  files.map(async (file) => {
    const out = outputOf(file);
    const { code, map } = await transformFile(file, options(file));
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
    writeFileSync(`${out}.map`, map);
    // JSON a file imports is copied beside its output, as tsc emits it (resolveJsonModule).
    for (const [, spec] of code.matchAll(/require\("(\.{1,2}\/[^"]+\.json)"\)/g)) {
      const target = path.resolve(path.dirname(out), spec);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(path.resolve(path.dirname(file), spec), target);
    }
  }),
);
