export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
