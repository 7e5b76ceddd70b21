import { Controller, DynamicModule, Get, Inject, Logger, Module, Provider, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import { errorBody } from '../errors/error-body';
import { Public } from './access';

/** One dependency the process needs before it can take traffic. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when ready; rejects (or resolves a string reason) when not. */
  check(): Promise<void | string>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Controller()
class HealthController {
  private readonly logger = new Logger('Readiness');

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
  ) {}

  /** Liveness: the process runs its event loop. */
  @Get('health')
  @Public()
  @HealthCheck()
  live() {
    return this.health.check([async () => this.indicator.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  /**
   * Readiness: every dependency answers. Terminus signals "down" by throwing a 503 exception; it is answered here,
   * so an app-wide exception filter (the gateway's) cannot swap the body that names the failing dependency.
   */
  @Get('ready')
  @Public()
  @HealthCheck()
  async ready(@Res({ passthrough: true }) res: { status(code: number): unknown }) {
    try {
      const result = await this.health.check(
        this.checks.map((c) => async () => {
          const session = this.indicator.check(c.name);
          try {
            const reason = await withTimeout(c.check(), 2000);
            return typeof reason === 'string' ? session.down({ reason }) : session.up();
          } catch (error) {
            // The probe says which dependency is down; the error text (hosts, ports, driver internals) goes to the log.
            this.logger.warn(`${c.name} is not ready: ${error instanceof Error ? error.message : String(error)}`);
            return session.down({ reason: `${c.name} is not answering` });
          }
        }),
      );
      res.status(200);
      return result;
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      // The error body every client reads, plus terminus's report (status, info, error, details) that probes read.
      const report = error.getResponse() as { error?: Record<string, { reason?: string }>; details?: unknown };
      const down = Object.entries(report.error ?? {}).map(([name, check]) => check.reason ?? `${name} is down`);
      res.status(503);
      return { ...report, ...errorBody(503, 'unavailable', `Not ready: ${down.join('; ') || 'a dependency is down'}.`, report.details) };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

@Module({})
export class HealthModule {
  /** `checks` is a provider for READINESS_CHECKS (a factory that may inject what it needs). */
  static forRoot(checks: Omit<Extract<Provider, { useFactory: unknown }>, 'provide'>): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [{ provide: READINESS_CHECKS, ...checks }],
    };
  }
}
