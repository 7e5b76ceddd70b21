import { ConfigError } from './load-config';

/**
 * The `main().catch(...)` of every service: prints one line per configuration problem (each names its variable,
 * never a value), or the error's message, to stderr and exits with status 1 so the orchestrator sees the failure.
 */
export function exitOnStartupFailure(service: string): (error: unknown) => never {
  return (error: unknown) => {
    const lines =
      error instanceof ConfigError
        ? error.problems.map((problem) => `${service}: invalid configuration: ${problem}`)
        : [`${service}: ${error instanceof Error ? error.message : String(error)}`];
    for (const line of lines) console.error(line);
    process.exit(1);
  };
}
