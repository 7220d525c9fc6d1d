export * from './organizations';
export * from './identity';
export * from './platform';
export * from './activities';
export * from './website';
export * from './registrations';
export * from './invoicing';
export * from './accounting';
