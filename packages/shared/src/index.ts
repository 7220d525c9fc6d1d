export * from './locale';
export * from './enums';
export * from './permissions';
export * from './format';
export * from './organization';
export * from './validation';
export * from './api/auth.schema';
