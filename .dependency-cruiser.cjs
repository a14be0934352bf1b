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
    {
      name: 'server-modules-meet-through-entry-files',
      comment:
        'A server module (a folder of apps/server/src/modules/) uses another module only through ' +
        "that module's entry file, <name>/<name>-entry.ts, which names what the module offers " +
        'others (decision 0018). Files of one module import each other directly, and the rest of ' +
        'the server (app.ts, http/, db/, main.ts …) may still import module files. Exempt: tests ' +
        '(*.test.ts) and test fixtures (a file name with "test-" or "-fixture", or a file under a ' +
        'testing/ folder) may reach into other modules to set up their worlds.',
      severity: 'error',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['\\.test\\.ts$', '/[^/]*(test-|-fixture)[^/]*$', '/testing/'],
      },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/[^/]+-entry\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and the generated reports/ of each app and package; anchored, so source
    // folders named reports (the server's reports module, the back office's reports feature)
    // are checked like any other.
    exclude: { path: '^(apps|packages)/[^/]+/(dist|reports)/' },
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
