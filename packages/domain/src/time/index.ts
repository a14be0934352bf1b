export * from './countdown.ts';
export * from './date-formats.ts';
export * from './monitoring-periods.ts';
export * from './report-period.ts';
