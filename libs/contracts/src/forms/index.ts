import type { FormsEventMap } from './events';
import type { FormsSubjectMap } from './subjects';

export * from './subjects';
export * from './events';
export * from './schemas';
export * from './types';
export * from './prayer';
export * from './newsletter';

// Adds the forms service's subjects and events to the typed seams (libs/contracts/src/common/seams.ts) by
// declaration merging, as the service generator writes it (tools/generators/service/), so seams.ts lists no service.
declare module '../common/seams' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges forms's subjects
  interface SubjectMap extends FormsSubjectMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges forms's events
  interface EventMap extends FormsEventMap {}
}
