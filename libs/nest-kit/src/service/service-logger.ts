/** The service's pino logger (named after the service), provided by ServiceKitModule. */
export const SERVICE_LOGGER = Symbol('SERVICE_LOGGER');
