// The services' contracts at once, for the imports written before the per-service entry points (media was never
// here: the web's bundle would carry it). New code imports `@km/contracts/<service>`, `@km/contracts/common` or
// `@km/contracts/vocabulary` (ADR 0040).
export * from './vocabulary';
export * from './common';
export * from './identity';
export * from './catalog';
export * from './forms';
export * from './orders';
export * from './membership';
