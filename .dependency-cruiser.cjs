/**
 * Module boundaries (issue 21, decision 0018 "Boundaries"), checked by `pnpm lint:boundaries`
 * and by the lint stage of `npm test`. Every import of apps/ and packages/ counts, type-only
 * imports and tests included.
 */

/** Server and React libraries the rule book (packages/domain) must never reach. */
const NOT_FOR_THE_RULE_BOOK = [
  'react',
  'react-dom',
  'fastify',
  '@fastify/[^/]+',
  'fastify-plugin',
  'drizzle-orm',
  'pg',
  '@electric-sql/pglite',
].join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'apps-are-separate',
      comment:
        'An app never imports another app: the back office, the payment form and the server ' +
        'share code only through packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-import-no-app',
      comment: 'packages/ (domain, api, ui) serve the apps and import nothing from apps/.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'payment-form-has-no-back-office-code',
      comment:
        'The hosted payment form imports nothing from apps/backoffice (its bundle budget and ' +
        'audience are its own, decision 0011).',
      severity: 'error',
      from: { path: '^apps/payment-form/' },
      to: { path: '^apps/backoffice/' },
    },
    {
      name: 'domain-is-pure',
      comment:
        'packages/domain is the rule book: pure TypeScript, no React, no server libraries ' +
        '(fastify, drizzle-orm, pg), no React packages of this repository (api, ui) and nothing ' +
        'under apps/.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: {
        path: [
          `(^|/)node_modules/(${NOT_FOR_THE_RULE_BOOK})/`,
          `^(${NOT_FOR_THE_RULE_BOOK})(/|$)`,
          '^packages/(api|ui)/',
          '^apps/',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|reports)/' },
    // Type-only imports are dependencies too: `import type` from fastify in the rule book is a
    // breach all the same.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
