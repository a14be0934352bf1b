export * from './invoice-filters.ts';
