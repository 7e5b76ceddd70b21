import type { CatalogEventMap, CatalogSubjectMap } from '../catalog/subjects';
import type { FormsEventMap } from '../forms/events';
import type { FormsSubjectMap } from '../forms/subjects';
import type { IdentityEventMap } from '../identity/events';
import type { IdentitySubjectMap } from '../identity/subjects';
import type { OrdersEventMap } from '../orders/events';
import type { OrdersSubjectMap } from '../orders/subjects';
import type { EventEnvelope } from './event-envelope';

/**
 * Every request/reply subject with what it takes and answers. A service's contracts add their map to this interface
 * by declaration merging (`declare module '../common/seams' { interface SubjectMap extends DemoSubjectMap {} }`, as
 * the generator writes it), so a new service needs no edit here.
 */
export interface SubjectMap extends IdentitySubjectMap, CatalogSubjectMap, FormsSubjectMap, OrdersSubjectMap {}
export type Subject = keyof SubjectMap & string;
export type SubjectPayload<S extends Subject> = SubjectMap[S]['payload'];
export type SubjectResult<S extends Subject> = SubjectMap[S]['result'];

/** Every domain event type with its payload; merged like `SubjectMap`. */
export interface EventMap extends IdentityEventMap, CatalogEventMap, FormsEventMap, OrdersEventMap {}
export type EventType = keyof EventMap & string;
export type EventData<T extends EventType> = EventMap[T];

/** The envelope of one known event; for a union of types, a union a `switch (event.type)` narrows. */
export type TypedEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<EventMap[K]> & { type: K } }[T];
