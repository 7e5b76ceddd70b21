// Events (the API side; delivery is webhooks.ts): GET /v1/events[?type|types[]], GET /v1/events/:id.
import { allowOnly, noSuch, type Params, str, strings } from '../params';
import { get, route } from '../routing';
import { page, type StripeState } from '../store';

export function retrieveEvent(s: StripeState, id: string) {
  const event = s.events().find((e) => e.id === id);
  if (!event) throw noSuch('event', id, 'id', 404);
  return event;
}

export function listEvents(s: StripeState, p: Params) {
  allowOnly(p, ['type', 'types', 'limit', 'starting_after']);
  const type = str(p.type, 'type');
  const types = strings(p.types, 'types');
  const matches = (t: string) => (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) && (!types || types.includes(t));
  return page(
    s
      .events()
      .filter((e) => matches(e.type))
      .reverse(),
    p,
    '/v1/events',
    'event',
  );
}

export const routes = [
  route('GET', '/v1/events', (s, p) => listEvents(s, p)),
  route(
    'GET',
    '/v1/events/:id',
    get((s, id) => retrieveEvent(s, id)),
  ),
];
