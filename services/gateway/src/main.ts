import 'reflect-metadata';
import { exitOnStartupFailure } from '@km/nest-kit';
import { loadGatewayConfig } from './config';
import { CatalogReadModelService } from './catalog/catalog-read-model.service';
import { createGateway } from './create-gateway';

async function main() {
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await app.listen(config.httpPort, config.httpHost);
  // After a change made in the catalog's database by hand (no event), `kill -HUP` makes the copy load again.
  process.on('SIGHUP', () => void app.get(CatalogReadModelService).reload());
}

main().catch(exitOnStartupFailure('gateway'));
