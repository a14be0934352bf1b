export * from './uuid-text.ts';
