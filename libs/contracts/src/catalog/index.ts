import type { CatalogEventMap, CatalogSubjectMap } from './subjects';

export * from './subjects';
export * from './schemas';
export * from './types';

// Adds the catalog service's subjects and events to the typed seams (libs/contracts/src/common/seams.ts) by
// declaration merging, as the service generator writes it (tools/generators/service/), so seams.ts lists no service.
declare module '../common/seams' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges catalog's subjects
  interface SubjectMap extends CatalogSubjectMap {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges catalog's events
  interface EventMap extends CatalogEventMap {}
}
