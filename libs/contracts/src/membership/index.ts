import type { MembershipEventMap } from './events';
import type { MembershipSubjectMap } from './subjects';

export * from './subjects';
export * from './events';
export * from './schemas';
export * from './types';

// Adds the membership service's subjects and events to the typed seams (libs/contracts/src/common/seams.ts) by
// declaration merging, as the service generator writes it (tools/generators/service/), so seams.ts lists no service.
declare module '../common/seams' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges membership's subjects
  interface SubjectMap extends MembershipSubjectMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges membership's events
  interface EventMap extends MembershipEventMap {}
}
