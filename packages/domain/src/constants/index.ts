export * from './business-constants.ts';
export * from './reference-headers.ts';
