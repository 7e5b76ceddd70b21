import { z } from 'zod';
import { loadConfig } from '../config/load-config';

/** Where the test stack's real servers listen; set by `npm test` (tools/stack). */
export const testServersSchema = z.object({
  KM_TEST_PG_ADMIN_URL: z.string().min(1, 'run integration tests through `npm test`, which starts the test stack'),
  KM_TEST_NATS_URL: z.string().min(1),
  KM_TEST_REDIS_URL: z.string().min(1),
  KM_TEST_S3_ENDPOINT: z.string().optional(),
  KM_TEST_SMTP_PORT: z.coerce.number().int().optional(),
  KM_TEST_MAIL_API_URL: z.string().optional(),
  KM_TEST_STRIPE_API: z.string().optional(),
});
export type TestServers = z.infer<typeof testServersSchema>;

export const testServers = (): TestServers => loadConfig(testServersSchema, process.env);
