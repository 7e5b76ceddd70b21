export const ORDERS_CONFIG = Symbol('ORDERS_CONFIG');
