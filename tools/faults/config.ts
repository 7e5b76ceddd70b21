/**
 * The only place the fault suite reads the environment: what `npm test -- faults` (tools/stack/faults.ts) passes about
 * the stack it started for it.
 */
export interface FaultStack {
  gatewayUrl: string;
  /** The ProcessGroup's pid file: `<pid> <name>` per line, rewritten when the supervisor restarts a service. */
  pidFile: string;
  logDir: string;
  /** Where the suite writes its note (see `note` in stack.ts). */
  notePath: string;
  servicePorts: Record<string, number>;
  /**
   * A second replica of each service, for a scenario to start (ADR 0075): its entry point, its HTTP port and its
   * environment, the first one's but for HTTP_PORT (two pods of one Deployment).
   */
  replicas: Record<string, { entry: string; port: number; env: Record<string, string> }>;
  /** The NATS cluster's servers' process names (`nats-0` …), each in the pid file. */
  natsServers: string[];
  /** Every server of the cluster as the all-access inspector user (a scenario reads the EVENTS stream with it). */
  natsInspectorUrl: string;
  admin: { username: string; password: string };
  stripeApi: string;
  stripeSecretKey: string;
  /** Postgres as its superuser, and every service's database: the fuzzer counts their rows. */
  pgAdminUrl: string;
  databases: string[];
  /** The mail catcher's web address (its REST API: GET /api/email). */
  mailApiUrl: string;
  /** Redis's port: the suite checks that it is closed while Redis is stopped. */
  redisPort: number;
  /** The environment the stack gave the gateway (its config is read from the same values). */
  gatewayEnv: Record<string, string>;
}

export function faultStack(env: NodeJS.ProcessEnv = process.env): FaultStack {
  const raw = env.KM_FAULT_STACK;
  if (!raw) throw new Error('KM_FAULT_STACK is not set: run the fault suite with `npm test -- faults`, which starts its stack.');
  return JSON.parse(raw) as FaultStack;
}
