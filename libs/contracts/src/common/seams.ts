import type { CatalogEventMap, CatalogSubjectMap } from '../catalog/subjects';
import type { FormsEventMap } from '../forms/events';
import type { FormsSubjectMap } from '../forms/subjects';
import type { IdentityEventMap } from '../identity/events';
import type { IdentitySubjectMap } from '../identity/subjects';
import type { MediaEventMap } from '../media/events';
import type { MediaSubjectMap } from '../media/subjects';
import type { OrdersEventMap } from '../orders/events';
import type { OrdersSubjectMap } from '../orders/subjects';
import type { EventEnvelope } from './event-envelope';

/** Every request/reply subject with what it takes and answers. A new service adds its map here. */
export type SubjectMap = IdentitySubjectMap & CatalogSubjectMap & FormsSubjectMap & OrdersSubjectMap & MediaSubjectMap;
export type Subject = keyof SubjectMap & string;
export type SubjectPayload<S extends Subject> = SubjectMap[S]['payload'];
export type SubjectResult<S extends Subject> = SubjectMap[S]['result'];

/** Every domain event type with its payload. A new service adds its map here. */
export type EventMap = IdentityEventMap & CatalogEventMap & FormsEventMap & OrdersEventMap & MediaEventMap;
export type EventType = keyof EventMap & string;
export type EventData<T extends EventType> = EventMap[T];

/** The envelope of one known event; for a union of types, a union a `switch (event.type)` narrows. */
export type TypedEvent<T extends EventType = EventType> = { [K in T]: EventEnvelope<EventMap[K]> & { type: K } }[T];
