import { Controller, Module, type INestApplication } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { testNatsUrl } from './config';
import { startTestService } from './start-app';

/** What a double answers for each subject it stands in for: a result, or a thrown AppError. */
export type DoubleHandlers = Record<string, (payload: never) => unknown>;

/**
 * A stand-in for another service on the bus: a Nest app with the kit's NATS transport, as that service's bus user
 * (so with its permissions), answering the given contract subjects. A test of one service uses it for the services
 * it calls instead of importing their code (ADR 0014). Close it with `app.close()`.
 */
export async function startServiceDouble(name: string, handlers: DoubleHandlers): Promise<INestApplication> {
  class DoubleController {}
  for (const [subject, handle] of Object.entries(handlers)) {
    const key = `answer ${subject}`;
    Object.defineProperty(DoubleController.prototype, key, { value: (payload: unknown) => handle(payload as never), writable: true, configurable: true });
    MessagePattern(subject)(DoubleController.prototype, key, Object.getOwnPropertyDescriptor(DoubleController.prototype, key)!);
  }
  Controller()(DoubleController);
  class DoubleModule {}
  Module({ controllers: [DoubleController] })(DoubleModule);
  // Its queue group is the service's own, as the bus permissions expect.
  return startTestService({ module: DoubleModule }, name, testNatsUrl(name));
}
