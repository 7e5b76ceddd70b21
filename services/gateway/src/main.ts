import 'reflect-metadata';
import { exitOnStartupFailure } from '@km/nest-kit';
import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';

async function main() {
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await app.listen(config.httpPort, config.httpHost);
}

main().catch(exitOnStartupFailure('gateway'));
