export * from './messages';
export * from './limits';
export * from './password.schema';
export * from './organization-create.schema';
export * from './person.schema';
export * from './company.schema';
export * from './blueprint.schema';
export { countDigits, isCalendarDate, isTimeZone } from './fields';
