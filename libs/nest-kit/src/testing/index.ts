export * from './config';
export * from './test-database';
export * from './start-app';
export * from './test-rpc';
export * from './service-process';
export * from './service-double';
export * from './mail-templates';
export * from './nats-cluster';
