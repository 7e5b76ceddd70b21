import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/**
 * A failure's first meaningful line, short: not the test's own title (jest-light-runner puts it first, after the names
 * of its describe blocks: "suite > test"), nor a stack frame.
 */
export const firstLine = (message: string | undefined, title?: string): string =>
  stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !(title && line.endsWith(title)) && !line.startsWith('at '))
    ?.slice(0, 200) ?? '';

/** The line of what a process printed that names its error ("TypeError: …"), else one that speaks of an error or a failure. */
export const errorLine = (lines: string[]): string | undefined =>
  lines.find((l) => /^[\w.]*(Error|Exception)\b/.test(l.trim())) ?? lines.find((l) => /error|failed|timed out/i.test(l));

/**
 * Each failed test of a TAP report, with where it is and the first line of why: its `error`, or for a test file that
 * failed as a whole (it crashed, or exited before reporting) the first error line the file printed and how it exited.
 * A suite failed only by its subtests is left out: they are named themselves.
 */
export function tapFailures(tap: string, cwd: string): string[] {
  const lines = tap.split('\n');
  const failures: string[] = [];
  lines.forEach((line, index) => {
    const head = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!head) return;
    const indent = head[1].length + 2;
    const block: Record<string, string> = {};
    for (let i = index + 1; i < lines.length && lines[i].startsWith(' '.repeat(indent)); i += 1) {
      const field = /^(\w+): (.*)$/.exec(lines[i].slice(indent));
      if (!field) continue;
      // A block scalar (`|-`) holds its text on the lines below.
      block[field[1]] = /^[|>]-?$/.test(field[2]) ? (lines[i + 1]?.trim() ?? '') : field[2].replace(/^'(.*)'$/, '$1');
    }
    if (block.failureType === 'subtestsFailed') return;
    const title = head[2].trim();
    const where = block.location ? path.relative(cwd, block.location.replace(/:\d+:\d+$/, '')) : title;
    let why = block.error ?? '';
    if (block.exitCode !== undefined || block.signal !== undefined) {
      // What the file printed before it ended is in the comment lines just above its `# Subtest:` line.
      const printed: string[] = [];
      for (let i = index - 2; i >= 0 && lines[i].startsWith('# ') && !lines[i].startsWith('# Subtest:'); i -= 1) printed.unshift(lines[i].slice(2));
      const exit = block.signal && block.signal !== '~' ? `killed by ${block.signal}` : `exited with ${block.exitCode ?? '?'}`;
      why = `${exit}${printed.length ? `: ${firstLine(errorLine(printed) ?? printed.join('\n'))}` : ''}`;
    }
    // A file that failed as a whole is its own title.
    const named = where === title || path.isAbsolute(title) ? where : `${where} › ${title}`;
    failures.push(`${named}${why ? `: ${firstLine(why)}` : ''}`);
  });
  return failures;
}
