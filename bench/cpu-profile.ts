// Where a process's CPU went, from a V8 .cpuprofile (written by bench/cpu-profiler.cjs): self time by package or
// source folder (node_modules/<package>, services/<name>, libs/<name>, Node's own modules, GC), largest first.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The bucket a frame's self time is counted in. */
function bucketOf({ functionName, url }: ProfileNode['callFrame']): string | null {
  if (functionName === '(idle)') return null;
  if (functionName === '(garbage collector)') return 'GC';
  if (!url) return functionName === '(program)' ? 'V8 (program)' : 'native';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  const own = /\/(services|libs|tools)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:internal/')) return `node:${url.slice('node:internal/'.length).split('/')[0]}`;
  return url.startsWith('node:') ? url : 'other';
}

/** Busy milliseconds of the profile and the largest buckets of it (ms). */
export function summarizeProfile(file: string, top = 10): { busyMs: number; buckets: [string, number][] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const bucket = bucketOf(byId.get(id)!.callFrame);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (bucket === null) return;
    busy += ms;
    self.set(bucket, (self.get(bucket) ?? 0) + ms);
  });
  return { busyMs: busy, buckets: [...self].sort((a, b) => b[1] - a[1]).slice(0, top) };
}
