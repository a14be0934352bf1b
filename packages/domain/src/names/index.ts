export * from './entity-name.ts';
