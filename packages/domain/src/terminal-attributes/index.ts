export * from './alert-attributes.ts';
export * from './attribute-value.ts';
