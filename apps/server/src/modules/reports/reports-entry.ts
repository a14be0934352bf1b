/**
 * What the reports module offers other modules (decision 0018, "Boundaries"): streaming rows as
 * a CSV attachment with the formula guard of OWASP "CSV Injection" (`sendCsv`, `CsvColumn`).
 */
export { type CsvColumn, sendCsv } from './csv-download.ts';
