// The house rules checked by a machine (docs/linting.md). Run by `npm test` (its own
// step, after the type-check) and by `npm run lint`; any finding fails both.
//
// What is checked:
//  - the dependency direction of DESIGN.md section 2 (eslint-plugin-boundaries): contracts <-
//    platform <- ui and endpoints <- host and remotes; a remote never imports another remote or the host; a
//    feature never imports another feature's internals; the server imports only contracts;
//  - no import cycles (import-x/no-cycle, resolved the way TypeScript resolves);
//  - React hooks (the plugin's recommended set; exhaustive-deps is an error, and switching it off
//    needs a reason: every eslint-disable comment must say why, after `--`);
//  - typescript-eslint's recommended rules (not type-aware: tsc runs in npm test already; docs/linting.md);
//  - kebab-case file and folder names (DESIGN.md section 10);
//  - clients branch on an error's code, not its HTTP status (DESIGN.md section 9);
//  - react-router only through @assistant/routing (the adapter is the shared singleton);
//  - server route files are leaves: only app.ts (and tests) import them.
import js from '@eslint/js';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Every TypeScript project of the workspace, so that imports resolve as tsc resolves them
// (package exports of the workspace packages, .json locales, .mjs scripts with their .d.mts).
const tsProjects = [
  'host/tsconfig.json',
  'remotes/*/tsconfig.json',
  'shared/*/tsconfig.json',
  'server/tsconfig.json',
  'tests/tsconfig.json',
  'bench/tsconfig.json',
];

const code = '**/*.{ts,tsx,mts,cts,js,mjs,cjs}';
// The React Compiler's diagnostics in the hooks plugin's recommended set (all but the two classic rules).
const compilerRules = Object.keys(reactHooks.configs.flat.recommended.rules).filter((rule) => !['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'].includes(rule));
const browserCode = [
  'host/**/*.{ts,tsx}',
  'remotes/**/*.{ts,tsx}',
  'shared/platform/**/*.{ts,tsx}',
  'shared/ui/**/*.{ts,tsx}',
  'shared/routing/**/*.{ts,tsx}',
  'shared/endpoints/**/*.{ts,tsx}',
];

// ---------------------------------------------------------------------------------------------
// Elements of DESIGN.md section 2. Patterns are relative to the repository root and match from
// its start (partialMatch: false). Order matters where patterns nest: a feature folder is an
// element of its own, inside (a child of) its remote.
const elements = [
  { type: 'contracts', pattern: 'shared/contracts', partialMatch: false },
  { type: 'routing', pattern: 'shared/routing', partialMatch: false },
  { type: 'platform', pattern: 'shared/platform', partialMatch: false },
  { type: 'ui', pattern: 'shared/ui', partialMatch: false },
  { type: 'endpoints', pattern: 'shared/endpoints', partialMatch: false },
  { type: 'host', pattern: 'host', partialMatch: false },
  { type: 'feature', pattern: 'remotes/*/src/features/*', capture: ['remote', 'feature'], partialMatch: false },
  { type: 'remote', pattern: 'remotes/*', capture: ['remote'], partialMatch: false },
  { type: 'server', pattern: 'server', partialMatch: false },
  // Cross-package tests, benchmarks, the workspace scripts and the deployment files: they drive the whole system.
  { type: 'tooling', pattern: ['tests', 'bench', 'scripts', 'deploy'], partialMatch: false },
];

// Categories of files, across elements. File patterns match the whole path from the root.
const files = [
  // The root's configuration files (webpack.shared.js, jest.config.js, eslint.config.js, ...): no
  // element of their own (an element is a folder), known by this category.
  { category: 'workspace-config', pattern: '*.{js,cjs,mjs,ts}' },
  // Tests beside the code, and the helpers only tests use.
  { category: 'test', pattern: ['**/__tests__/**', '**/*.test.{ts,tsx}'] },
  { category: 'test', pattern: ['shared/platform/src/testing/**', 'server/src/testing/**'] },
  // A package's build configuration (remotes/chat/webpack.config.js uses the root's webpack.shared.js).
  { category: 'build-config', pattern: ['*/webpack.config.js', 'remotes/*/webpack.config.js'] },
  // A feature's public surface: its index.ts, when it has one. Everything else is internal.
  { category: 'feature-public', pattern: 'remotes/*/src/features/*/index.{ts,tsx}' },
  // Everything in the packages that make up the product (tests among them: see the last policy).
  { category: 'product', pattern: ['shared/**', 'host/**', 'remotes/**', 'server/**'] },
];

const el = (type, captured) => ({ element: captured ? { type, captured } : { type } });

// Where a client branches on an HTTP status instead of the error's code (the rule "Codes, not
// statuses" below): `x.status === 404`, `404 !== x?.status`, `statusCode >= 500`, `switch
// (x.status) { case 404: ... }`.
const statusName = '/^(status|statusCode)$/';
const isStatus = (side) => [`${side}.name=${statusName}`, `${side}.property.name=${statusName}`, `${side}.expression.property.name=${statusName}`];
const statusBranches = [
  ...[['left', 'right'], ['right', 'left']].flatMap(([status, number]) =>
    isStatus(status).map((test) => `BinaryExpression[operator=/^([=!]==?|[<>]=?)$/][${test}][${number}.value=type(number)]`),
  ),
  ...isStatus('discriminant').map((test) => `SwitchStatement[${test}] > SwitchCase[test.value=type(number)]`),
].map((selector) => ({ selector, message: "Branch on the error's contract code (ApiRequestError.code, DESIGN.md section 9), not on the HTTP status." }));

const boundaryPolicies = [
  // Packages from the registry and Node's own modules: not this rule's business (the package.json
  // of each package says what it may use). The last policy takes back the workspace's own ones.
  { allow: { to: [{ module: { origin: ['external', 'core'] } }] } },
  // The layers. Imports inside one element (a file of the platform importing another) are not
  // checked here: only imports that cross from one element into another.
  // The router adapter (shared/routing) stands beside the contracts at the bottom: it imports no
  // workspace package, and every layer above it may use it.
  { from: el('platform'), allow: { to: [el('contracts'), el('routing')] } },
  { from: el('ui'), allow: { to: [el('platform'), el('contracts'), el('routing')] } },
  // The endpoints several remotes use (shared/endpoints) stand beside the ui: data, no components.
  { from: el('endpoints'), allow: { to: [el('platform'), el('contracts')] } },
  { from: el('host'), allow: { to: [el('ui'), el('endpoints'), el('platform'), el('contracts'), el('routing')] } },
  // A remote's own code (module.tsx, routes/, standalone, namespace) uses the layers below and
  // its own features (any of their files: routes compose features).
  {
    from: el('remote'),
    allow: {
      to: [el('ui'), el('endpoints'), el('platform'), el('contracts'), el('routing'), el('feature', { remote: '{{ from.element.captured.remote }}' })],
    },
  },
  // A feature uses the layers below and the shared files of its own remote (namespace.ts,
  // locales, query keys); of another feature of the same remote only its public index.ts.
  {
    from: el('feature'),
    allow: {
      to: [
        el('ui'),
        el('endpoints'),
        el('platform'),
        el('contracts'),
        el('routing'),
        el('remote', { remote: '{{ from.element.captured.remote }}' }),
        {
          element: { type: 'feature', captured: { remote: '{{ from.element.captured.remote }}' } },
          file: { categories: 'feature-public' },
        },
      ],
    },
  },
  { from: el('server'), allow: { to: [el('contracts')] } },
  // The server's tests start fake upstreams and sign-ins from tests/fixtures and tests/support.
  { from: { element: { type: 'server' }, file: { categories: 'test' } }, allow: { to: [el('tooling')] } },
  // Cross-package tests, benchmarks and scripts may use any part of the system.
  { from: el('tooling'), allow: { to: [{ element: { type: '*' } }, { file: { categories: 'workspace-config' } }] } },
  // Build configuration of a package takes the shared webpack setup from the root.
  { from: { file: { categories: 'build-config' } }, allow: { to: [{ file: { categories: 'workspace-config' } }] } },
  // Last (the last matching policy decides): code that ships never imports test helpers.
  {
    from: { file: { categories: { allOf: ['product'], noneOf: ['test'] } } },
    disallow: { to: [{ file: { categories: 'test' } }] },
    message: 'code that ships must not import test files or test helpers',
  },
  // An @assistant package that does not resolve from here is one this package does not depend
  // on (pnpm links only declared dependencies): a wrong direction in the making.
  {
    disallow: { to: [{ module: { origin: 'external', source: '@assistant/*' } }] },
    message: '{{ dependency.source }} is not a dependency of this package (DESIGN.md section 2)',
  },
];

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', '.tools/', '.data/', 'coverage/']),

  {
    linterOptions: {
      // A disable comment that disables nothing is a finding too.
      reportUnusedDisableDirectives: 'error',
      reportUnusedInlineConfigs: 'error',
    },
  },

  // --- JavaScript and TypeScript basics ---------------------------------------------------------
  { files: [code], ...js.configs.recommended },
  { files: [code], extends: [tseslint.configs.recommended] },
  {
    files: [code],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are the convention for a parameter a signature needs but the body
      // does not (webpack's (_env, argv)).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['host/public/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  { files: browserCode, languageOptions: { globals: { ...globals.browser } } },

  // --- Disable comments need a reason -----------------------------------------------------------
  eslintComments.recommended,
  {
    rules: {
      // `// eslint-disable-next-line react-hooks/exhaustive-deps -- <why>`: the text after `--`.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },

  // --- React hooks -------------------------------------------------------------------------------
  {
    files: browserCode,
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // The recommended set of version 7 also carries the React Compiler's diagnostics. This
      // codebase is not compiled with the React Compiler, and these five flag the idioms of
      // React without it, which the code uses on purpose: a latest-value ref assigned during
      // render (`onSentRef.current = onSent`), a ref as an incremental cache (the markdown
      // lexer), state reset at the start of an effect that loads something, a library whose
      // return values the compiler cannot memoize (TanStack Virtual). Switch them on together
      // with the compiler. The other compiler checks (purity, globals, set-state-in-render,
      // static-components, use-memo, error-boundaries, ...) stay on.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // The compiler's analysis is most of the lint's time, and a test file is never compiled for
    // the product: its diagnostics are for the code that ships. The classic hooks rules stay.
    files: ['**/*.test.{ts,tsx}'],
    rules: Object.fromEntries(compilerRules.map((rule) => [rule, 'off'])),
  },

  // --- Import cycles -----------------------------------------------------------------------------
  {
    files: [code],
    // Nothing imports a test file, so it can sit on no cycle: the search would only cost time.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsProjects, alwaysTryTypes: true, noWarnOnMultipleProjects: true })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },

  // --- Boundaries (DESIGN.md section 2) --------------------------------------------------------
  {
    files: [code],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/elements': elements,
      'boundaries/files': files,
      'boundaries/elements-single-match': true,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'import/resolver': { typescript: { project: tsProjects, alwaysTryTypes: true, noWarnOnMultipleProjects: true } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, policies: boundaryPolicies }],
      // Every linted file belongs to an element: a new top-level folder must be placed in the layers.
      'boundaries/no-unknown-files': 'error',
      // An import that resolves to a local file outside every element is a finding too.
      'boundaries/no-unknown-dependencies': 'error',
    },
  },

  // --- The router through its adapter (docs/federation.md "Bundle size") -----------------------
  {
    files: [code],
    ignores: ['shared/routing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react-router', 'react-router-dom'].map((name) => ({
            name,
            message: 'import the router from @assistant/routing (the shared singleton; add a missing name there)',
          })),
          patterns: [{ group: ['react-router/*', 'react-router-dom/*'], message: 'import the router from @assistant/routing' }],
        },
      ],
    },
  },

  // --- Server route files are leaves (docs/decisions.md) -----------------------------------------
  {
    // app.ts registers the routes; tests may reach a route's messages. What several routes share
    // (request.viewer, collectionFor, sendRefusal, ...) lives in the domain folders or http/, so a
    // route file changes without breaking another.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/app.ts', '**/__tests__/**', 'server/src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'server/src',
              from: 'server/src/routes',
              message: ' Route files are leaves: move what several routes share to its domain folder (collections/, research/, ...) or http/.',
            },
          ],
        },
      ],
    },
  },

  // --- Codes, not statuses (DESIGN.md section 9, docs/linting.md) --------------------------------
  {
    // A client branches on an error's stable `code` (ApiRequestError.code), never on its HTTP
    // status: a comparison of `status`/`statusCode` with a number, or a `case` number in a switch
    // over one, is a finding. The transport that speaks HTTP itself stays out: the API client's
    // 401 renewal and 404 retries (SPEC's client table), the upload's XHR, and the telemetry
    // exporters, whose collectors answer without our codes. Tests may assert statuses.
    files: browserCode,
    ignores: [
      '**/__tests__/**',
      'shared/platform/src/testing/**',
      'shared/platform/src/http/http-client.ts',
      'shared/platform/src/http/upload-with-progress.ts',
      'shared/platform/src/telemetry/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...statusBranches] },
  },

  // --- File names (DESIGN.md section 10) --------------------------------------------------------
  {
    files: [code],
    plugins: { 'check-file': checkFile },
    rules: {
      // kebab-case before the first dot: `use-chat-stream.ts`, `chat-page.test.tsx`,
      // `serve-portal.d.mts`, `jest.config.js`, `webpack.shared.js`.
      'check-file/filename-naming-convention': ['error', { [code]: 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  {
    // Style sheets get only their names checked (the processor hands ESLint an empty text).
    files: ['**/*.css'],
    plugins: { 'check-file': checkFile },
    processor: 'check-file/eslint-processor-check-file',
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.css': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
    },
  },
  {
    // Every folder below the root (files at the root have none to check).
    files: ['*/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      // Folders kebab-case; `__tests__` is jest's convention for tests beside the code.
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }, { ignoreWords: ['__tests__'] }],
    },
  },
  {
    // Migrations run in the order of their number: `0007-user-limits.ts`, kebab-case after it.
    files: ['server/src/db/migrations/*.ts'],
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.ts': '@(index|+([0-9])-+([a-z])*([a-z0-9])*(-+([a-z0-9])))' }],
    },
  },

  // Tests get no looser rules: the boundaries hold for them too (a test of one remote that
  // reaches into another breaks when that one changes), and the one `any` of the fakes is
  // disabled where it stands, with its reason.
]);
