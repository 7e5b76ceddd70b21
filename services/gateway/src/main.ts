import 'reflect-metadata';
import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';

async function main() {
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await app.listen(config.httpPort, config.httpHost);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
