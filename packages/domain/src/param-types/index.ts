export * from './param-type-value.ts';
