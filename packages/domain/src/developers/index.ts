export * from './developer-inputs.ts';
export * from './developer-platform.ts';
export * from './sandbox-outcomes.ts';
