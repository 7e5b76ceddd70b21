import { z } from 'zod';
import { loadConfig } from '../config/load-config';

/** Where the test stack's real servers listen; set by `npm test` (tools/stack). */
export const testServersSchema = z.object({
  KM_TEST_PG_ADMIN_URL: z.string().min(1, 'run integration tests through `npm test`, which starts the test stack'),
  /** The test stack's all-access inspector user (tests read and replay the EVENTS stream with it). */
  KM_TEST_NATS_URL: z.string().min(1),
  /** Each service's own bus user, JSON `{ "<service>": "nats://<service>:<password>@…" }`. */
  KM_TEST_NATS_SERVICE_URLS: z.string().min(1),
  KM_TEST_REDIS_URL: z.string().min(1),
  KM_TEST_S3_ENDPOINT: z.string().optional(),
  KM_TEST_SMTP_PORT: z.coerce.number().int().optional(),
  KM_TEST_MAIL_API_URL: z.string().optional(),
  KM_TEST_STRIPE_API: z.string().optional(),
});
export type TestServers = z.infer<typeof testServersSchema>;

export const testServers = (): TestServers => loadConfig(testServersSchema, process.env);

/** The NATS_URL a service started in-process uses: its own bus user, with the permissions it has in production. */
export function testNatsUrl(service: string): string {
  const urls = JSON.parse(testServers().KM_TEST_NATS_SERVICE_URLS) as Record<string, string>;
  const url = urls[service];
  if (!url) throw new Error(`the test stack has no NATS user for ${service}; add it to tools/stack/nats-permissions.ts`);
  return url;
}
