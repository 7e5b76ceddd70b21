export * from './mail.types';
export * from './mail.service';
export * from './mail.module';
export * from './mail-env';
export * from './mail-layout';
