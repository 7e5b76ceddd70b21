export * from './common/error-codes';
export * from './common/event-envelope';
export * from './identity/subjects';
export * from './identity/events';
export * from './identity/schemas';
export * from './identity/types';
