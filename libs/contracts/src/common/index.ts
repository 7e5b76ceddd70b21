export * from './service-error';
export * from './event-envelope';
export * from './seams';
export * from './images';
export * from './fields';
