export * from './attribute-value.ts';
