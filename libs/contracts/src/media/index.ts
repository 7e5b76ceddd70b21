import type { MediaEventMap } from './events';
import type { MediaSubjectMap } from './subjects';

export * from './subjects';
export * from './events';
export * from './schemas';
export * from './types';
export * from './transcripts';
export * from './analytics';

// Adds the media service's subjects and events to the typed seams (libs/contracts/src/common/seams.ts) by
// declaration merging.
declare module '../common/seams' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges media's subjects
  interface SubjectMap extends MediaSubjectMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges media's events
  interface EventMap extends MediaEventMap {}
}
