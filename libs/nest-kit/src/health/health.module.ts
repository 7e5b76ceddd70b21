import { Controller, DynamicModule, Get, Inject, Module, Provider } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';

/** One dependency the process needs before it can take traffic. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when ready; rejects (or resolves a string reason) when not. */
  check(): Promise<void | string>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Controller()
class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
  ) {}

  /** Liveness: the process runs its event loop. */
  @Get('health')
  @HealthCheck()
  live() {
    return this.health.check([async () => this.indicator.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  /** Readiness: every dependency answers. */
  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check(
      this.checks.map((c) => async () => {
        const session = this.indicator.check(c.name);
        try {
          const reason = await withTimeout(c.check(), 2000);
          return typeof reason === 'string' ? session.down({ reason }) : session.up();
        } catch (error) {
          return session.down({ reason: error instanceof Error ? error.message : String(error) });
        }
      }),
    );
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
