export * from './card/index.ts';
export * from './constants/index.ts';
export * from './money/index.ts';
export * from './phone/index.ts';
