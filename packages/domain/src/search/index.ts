export * from './search-normalisation.ts';
