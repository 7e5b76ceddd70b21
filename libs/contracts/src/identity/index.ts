import type { IdentityEventMap } from './events';
import type { IdentitySubjectMap } from './subjects';

export * from './subjects';
export * from './events';
export * from './schemas';
export * from './types';

// Adds the identity service's subjects and events to the typed seams (libs/contracts/src/common/seams.ts) by
// declaration merging, as the service generator writes it (tools/generators/service/), so seams.ts lists no service.
declare module '../common/seams' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges identity's subjects
  interface SubjectMap extends IdentitySubjectMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges identity's events
  interface EventMap extends IdentityEventMap {}
}
