export * from './card-number.ts';
