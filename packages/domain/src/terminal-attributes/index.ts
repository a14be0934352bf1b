export * from './alert-attributes.ts';
export * from './attribute-value.ts';
export * from './fee-percent-attribute.ts';
