import type { EventEnvelope } from './event-envelope';

/**
 * Every request/reply subject with what it takes and answers. Each service's contracts (`@km/contracts/<service>`, its
 * `index.ts`) add their map to this interface by declaration merging
 * (`declare module '../common/seams' { interface SubjectMap extends DemoSubjectMap {} }`, as the generator writes it),
 * so a new service needs no edit here (ADR 0040).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each service's contracts
export interface SubjectMap {}
export type Subject = keyof SubjectMap & string;
export type SubjectPayload<S extends Subject> = SubjectMap[S]['payload'];
export type SubjectResult<S extends Subject> = SubjectMap[S]['result'];

/** Every domain event type with its payload; merged like `SubjectMap`. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each service's contracts
export interface EventMap {}
export type EventType = keyof EventMap & string;
export type EventData<T extends EventType> = EventMap[T];

/** The envelope of one known event; for a union of types, a union a `switch (event.type)` narrows. */
export type TypedEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<EventMap[K]> & { type: K } }[T];
