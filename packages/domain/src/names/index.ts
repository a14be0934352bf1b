export * from './character-count.ts';
export * from './entity-name.ts';
