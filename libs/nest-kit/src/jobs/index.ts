export * from './job-queue';
export * from './jobs-env';
export * from './keyset-pages';
export * from './scheduled-runs';
