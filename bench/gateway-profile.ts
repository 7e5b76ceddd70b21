// A V8 CPU profile of a running service, taken over its inspector (the service started with --inspect=HOST:PORT),
// summed up as the few lines a person reads to see where a request's time goes.
import WebSocket from 'ws';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** Profiles the process behind `inspectorPort` while `load` runs; answers the samples per function and per module. */
export async function profileWhile(inspectorPort: number, load: () => Promise<void>): Promise<{ functions: Share[]; modules: Share[] }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
  let nextId = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('Profiler.enable');
    // 200 µs: fine enough for a request of a few hundred µs, coarse enough not to be the cost it measures.
    await call('Profiler.setSamplingInterval', { interval: 200 });
    await call('Profiler.start');
    await load();
    const { profile } = (await call('Profiler.stop')) as unknown as { profile: Profile };
    return summarize(profile);
  } finally {
    socket.close();
  }
}

export interface Share {
  name: string;
  percent: number;
}

/** Self time per function (name + file) and per module (the npm package, node's internals, our code, idle, GC). */
function summarize(profile: Profile): { functions: Share[]; modules: Share[] } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  for (const sample of profile.samples) {
    const frame = byId.get(sample)!.callFrame;
    const module = moduleOf(frame);
    const fn = frame.functionName.startsWith('(') ? frame.functionName : `${frame.functionName || '(anonymous)'} (${module})`;
    functions.set(fn, (functions.get(fn) ?? 0) + 1);
    modules.set(module, (modules.get(module) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => ({ name, percent: (n * 100) / profile.samples.length }));
  return { functions: top(functions), modules: top(modules) };
}

function moduleOf(frame: ProfileNode['callFrame']): string {
  const url = frame.url;
  // (idle), (garbage collector), (program); a native function (a socket write) has no file.
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : 'native';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node';
  const ours = /\/(services|libs)\/([^/]+)\//.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}

export const shareLine = (shares: Share[], count: number) =>
  shares
    .slice(0, count)
    .map((s) => `${s.name} ${s.percent.toFixed(1)} %`)
    .join(', ');
