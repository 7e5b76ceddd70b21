export * from './config';
export * from './test-database';
export * from './start-app';
export * from './test-rpc';
