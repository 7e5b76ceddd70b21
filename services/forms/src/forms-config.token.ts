export const FORMS_CONFIG = Symbol('FORMS_CONFIG');
