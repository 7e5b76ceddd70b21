// Where a process's CPU went, from a V8 .cpuprofile (written by bench/cpu-profiler.cjs): the share of samples by package
// or source folder (node_modules/<package>, services/<name>, libs/<name>, Node's own modules, GC), largest first.
// Shares of samples, not of the samples' time: V8 samples on a wall clock, and on a loaded machine a sample taken after
// the process waited for a core carries the whole wait (a socket write looked like a third of orders' time).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** The bucket a frame's self time is counted in. */
function bucketOf({ functionName, url }: ProfileNode['callFrame']): string | null {
  if (functionName === '(idle)') return null;
  if (functionName === '(garbage collector)') return 'GC';
  // Native frames by name: `writev`/`writeBuffer` are socket writes, `runMicrotasks` the promise machinery.
  if (!url) return functionName === '(program)' ? 'V8 (program)' : `native ${functionName}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(services|libs|tools)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:internal/')) return `node:${url.slice('node:internal/'.length).split('/')[0]}`;
  return url.startsWith('node:') ? url : 'other';
}

/** The busy (not idle) samples' shares (0–1) by bucket, the largest `top` of them. */
export function profileShares(file: string, top = 10): [string, number][] {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const bucket = bucketOf(byId.get(id)!.callFrame);
    if (bucket === null) continue;
    busy++;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts]
    .map(([bucket, n]): [string, number] => [bucket, n / Math.max(1, busy)])
    .sort((a, b) => b[1] - a[1])
    .slice(0, top);
}
