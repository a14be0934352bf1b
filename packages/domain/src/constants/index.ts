export * from './business-constants.ts';
export * from './reference-headers.ts';
export * from './request-limits.ts';
