import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The merchant API guide (docs/merchant-api.md) quotes the SDK's examples and the sandbox's
 * markers; this holds the quotes to their sources, so the guide shows only code that runs
 * (apps/server/src/modules/merchant-api/merchant-sdk.test.ts runs every example against the
 * server) and test-mode values the server uses.
 */

const GUIDE_PATH = new URL('../../../docs/merchant-api.md', import.meta.url);
const EXAMPLES_DIR = new URL('../examples/', import.meta.url);
// Read as text: the SDK does not depend on @paygate/domain (a merchant installs it alone).
const SANDBOX_OUTCOMES_PATH = new URL(
  '../../domain/src/developers/sandbox-outcomes.ts',
  import.meta.url,
);

const guide = () => readFileSync(GUIDE_PATH, 'utf8');
const exampleFiles = () =>
  readdirSync(EXAMPLES_DIR)
    .filter((name) => name.endsWith('.mjs'))
    .sort();
const exampleText = (name: string) => readFileSync(new URL(name, EXAMPLES_DIR), 'utf8');

interface QuotedExample {
  file: string;
  code: string;
  line: number;
}

/**
 * Every fenced block right after an `<!-- example: <file>.mjs -->` comment (blank lines between
 * them allowed), with its content as the file would hold it (the lines inside the fence, each
 * ending in a newline).
 */
const quotedExamples = (markdown: string): QuotedExample[] => {
  const lines = markdown.split('\n');
  const quotes: QuotedExample[] = [];
  for (const [index, line] of lines.entries()) {
    const marker = /^<!--\s*example:\s*(\S+)\s*-->\s*$/.exec(line);
    if (!marker?.[1]) continue;
    let start = index + 1;
    while (lines[start]?.trim() === '') start += 1;
    const fence = /^(`{3,}|~{3,})/.exec(lines[start] ?? '')?.[1];
    if (!fence) {
      throw new Error(
        `line ${index + 1}: <!-- example: ${marker[1]} --> is not followed by a fence`,
      );
    }
    // The closing fence: the opening one's characters alone on their line.
    const end = lines.findIndex((candidate, at) => at > start && candidate.trimEnd() === fence);
    if (end === -1) throw new Error(`line ${start + 1}: the fence of ${marker[1]} is not closed`);
    const body = lines.slice(start + 1, end);
    quotes.push({
      file: marker[1],
      code: body.length === 0 ? '' : `${body.join('\n')}\n`,
      line: index + 1,
    });
  }
  return quotes;
};

/** The string values of `export const NAME: … = { key: 'value', … };` in a TypeScript source. */
const recordOf = (source: string, name: string): Record<string, string> => {
  const declaration = new RegExp(`export const ${name}\\b[^=]*=\\s*\\{([^}]*)\\}`).exec(source);
  if (!declaration?.[1]) throw new Error(`${name} not found in sandbox-outcomes.ts`);
  const entries = [...declaration[1].matchAll(/(\w+):\s*'([^']*)'/g)].map(
    ([, key, value]) => [key ?? '', value ?? ''] as const,
  );
  if (entries.length === 0) throw new Error(`${name} has no entries`);
  return Object.fromEntries(entries);
};

interface SandboxRow {
  outcome: string;
  customerPrefix: string;
  phoneSuffix: string;
}

/** The cell's code span (`decline`), or null when it holds none. */
const codeOf = (cell: string): string | null => /^`([^`]+)`$/.exec(cell.trim())?.[1] ?? null;

/**
 * The table after `<!-- sandbox-outcomes -->`: columns outcome, customer id prefix, payout phone
 * suffix, then what happens.
 */
const sandboxTable = (markdown: string): SandboxRow[] => {
  const lines = markdown.split('\n');
  const marker = lines.findIndex((line) => line.trim() === '<!-- sandbox-outcomes -->');
  if (marker === -1) throw new Error('the guide has no <!-- sandbox-outcomes --> table');
  let start = marker + 1;
  while (lines[start]?.trim() === '') start += 1;
  const rows: string[][] = [];
  for (let at = start; lines[at]?.startsWith('|'); at += 1) {
    rows.push(
      (lines[at] ?? '')
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  // The header and the delimiter row.
  expect(rows.length).toBeGreaterThan(2);
  return rows.slice(2).map(([outcome = '', customerPrefix = '', phoneSuffix = '']) => ({
    outcome: codeOf(outcome) ?? outcome,
    customerPrefix,
    phoneSuffix,
  }));
};

describe('the merchant API guide (docs/merchant-api.md)', () => {
  it('quotes each example exactly as packages/merchant-sdk/examples holds it', () => {
    const quotes = quotedExamples(guide());
    expect(quotes.length).toBeGreaterThan(0);
    for (const quote of quotes) {
      expect(exampleFiles(), `line ${quote.line}: no example ${quote.file}`).toContain(quote.file);
      expect(quote.code, `line ${quote.line}: ${quote.file} differs from the file`).toBe(
        exampleText(quote.file),
      );
    }
  });

  it('quotes every example', () => {
    const quoted = new Set(quotedExamples(guide()).map(({ file }) => file));
    expect(exampleFiles()).toEqual([
      'create-invoice.mjs',
      'list-events.mjs',
      'list-invoices.mjs',
      'webhook-receiver.mjs',
    ]);
    for (const file of exampleFiles()) expect([...quoted], `${file} is not quoted`).toContain(file);
  });

  it('lists exactly the sandbox markers of packages/domain in its test-mode table', () => {
    const source = readFileSync(SANDBOX_OUTCOMES_PATH, 'utf8');
    const prefixes = recordOf(source, 'SANDBOX_CUSTOMER_PREFIXES');
    const suffixes = recordOf(source, 'SANDBOX_PHONE_SUFFIXES');
    expect(Object.keys(suffixes).sort()).toEqual(Object.keys(prefixes).sort());

    const rows = sandboxTable(guide());
    const chosen = rows.filter((row) => row.outcome in prefixes);
    // One row per marked outcome, with exactly its values, and a row for everything else.
    expect(chosen.map((row) => row.outcome).sort()).toEqual(Object.keys(prefixes).sort());
    for (const row of chosen) {
      expect(codeOf(row.customerPrefix), `${row.outcome}: customer id prefix`).toBe(
        prefixes[row.outcome],
      );
      expect(codeOf(row.phoneSuffix), `${row.outcome}: payout phone suffix`).toBe(
        suffixes[row.outcome],
      );
    }
    const others = rows.filter((row) => !(row.outcome in prefixes));
    expect(others.map((row) => row.outcome)).toEqual(['succeed']);
    // No marker value stands anywhere else in the table's marker columns.
    const listed = rows.flatMap((row) => [codeOf(row.customerPrefix), codeOf(row.phoneSuffix)]);
    expect(listed.filter((value) => value !== null).sort()).toEqual(
      [...Object.values(prefixes), ...Object.values(suffixes)].sort(),
    );
  });
});
