/** What travels on JetStream for every domain event. `id` doubles as the Nats-Msg-Id. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}

/** JetStream stream holding all domain events; kept apart from request/reply subjects. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';
export const eventSubject = (type: string) => `${EVENTS_SUBJECT_PREFIX}${type}`;
