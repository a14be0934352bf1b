export * from './developer-platform.ts';
export * from './sandbox-outcomes.ts';
