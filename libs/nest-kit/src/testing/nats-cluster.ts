import path from 'node:path';

export interface NatsClusterMember {
  /** `nats-<i>`, its `server_name` (the names a stream's leader and replicas are reported by). */
  name: string;
  clientPort: number;
  /** nats-server's command line for this member. */
  args: string[];
}

/**
 * Production's 3-node JetStream cluster (ADR 0070) on one machine: Debian's nats-server processes clustered over
 * loopback, each with its own store under `dir` (ADR 0075). Member i listens for clients on `clientPorts[i]` and for
 * its peers on `clusterPorts[i]`, with routes to every member (a route to itself is ignored). `extraArgs(i)` come first
 * (a config file with the bus users, a monitoring port). The caller starts the processes: a test kills them itself,
 * the fault stack supervises them.
 */
export function loopbackNatsCluster(
  dir: string,
  clientPorts: number[],
  clusterPorts: number[],
  extraArgs: (i: number) => string[] = () => [],
): NatsClusterMember[] {
  if (clientPorts.length !== clusterPorts.length) throw new Error('one cluster port per client port');
  const routes = clusterPorts.map((port) => `nats://127.0.0.1:${port}`).join(',');
  return clientPorts.map((clientPort, i) => {
    const name = `nats-${i}`;
    const args = [...extraArgs(i), '-js', '-sd', path.join(dir, name), '-a', '127.0.0.1', '-p', String(clientPort), '--server_name', name];
    args.push('--cluster_name', 'kingdom', '--cluster', `nats://127.0.0.1:${clusterPorts[i]}`, '--routes', routes);
    return { name, clientPort, args };
  });
}
