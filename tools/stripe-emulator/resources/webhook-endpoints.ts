// Webhook endpoints: POST/GET /v1/webhook_endpoints, DELETE /v1/webhook_endpoints/:id (each gets its own whsec_).
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { allowOnly, invalid, metadata, missing, newId, now, nstr, type Params, str, strings } from '../params';
import { assertOnlyExpand, route } from '../routing';
import type { Deleted, StripeState } from '../store';

export function createWebhookEndpoint(s: StripeState, p: Params): Stripe.WebhookEndpoint {
  allowOnly(p, ['url', 'enabled_events', 'api_version', 'description', 'metadata']);
  const url = str(p.url, 'url');
  if (!url) throw missing('url');
  if (!/^https?:\/\//.test(url)) throw invalid('Invalid URL: URL must be publicly accessible (http or https).', 'url', 'url_invalid');
  const events = strings(p.enabled_events, 'enabled_events');
  if (!events?.length) throw missing('enabled_events');
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const endpoint = s.put(
    'webhook_endpoint',
    {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: str(p.api_version, 'api_version') ?? null,
      application: null,
      created: now(),
      description: nstr(p.description, 'description') ?? null,
      enabled_events: events,
      livemode: false,
      metadata: metadata(p.metadata),
      status: 'enabled',
      url,
    },
    { secret },
  );
  return { ...endpoint, secret }; // Stripe shows the secret only in the create response
}

export function deleteWebhookEndpoint(s: StripeState, id: string): Deleted {
  s.find('webhook_endpoint', id, 'id', 404);
  s.markDeleted('webhook_endpoint', id);
  return { id, object: 'webhook_endpoint', deleted: true };
}

/** Where the dispatcher sends events: the endpoints created through the API, with their secrets. */
export function webhookTargets(s: StripeState) {
  return s
    .scan('webhook_endpoint')
    .map((we) => ({ url: we.url, secret: s.peekInternal('webhook_endpoint', we.id).secret, apiVersion: we.api_version, enabledEvents: we.enabled_events }));
}

export const routes = [
  route('POST', '/v1/webhook_endpoints', (s, p) => createWebhookEndpoint(s, p)),
  route('GET', '/v1/webhook_endpoints', (s, p) => (allowOnly(p, ['limit', 'starting_after']), s.list('webhook_endpoint', p, '/v1/webhook_endpoints'))),
  route('DELETE', '/v1/webhook_endpoints/:id', (s, p, _c, id) => (assertOnlyExpand(p), deleteWebhookEndpoint(s, id))),
];
