export * from './developer-inputs.ts';
export * from './developer-platform.ts';
export * from './sandbox-outcomes.ts';
export * from './sandbox-requisites.ts';
