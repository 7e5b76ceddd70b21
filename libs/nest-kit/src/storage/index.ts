export * from './file-kinds';
export * from './byte-range';
export * from './upload-policy';
export * from './storage-config';
export * from './object-storage';
export * from './store-upload';
export * from './multipart-form';
export * from './storage.module';
