// The browser-safe part of the contracts: plain values and types, no schema library, so the web can bundle it.
export * from './options';
export * from './catalog';
export * from './orders';
export * from './forms';
export * from './errors';
export * from './podcast';
export * from './membership';
export * from './passwords';
export * from './pages';
export * from './slug';
