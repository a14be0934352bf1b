export * from './support-code.ts';
