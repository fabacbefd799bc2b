// One jest run over every browser package (DESIGN.md section 7): jsdom that keeps Node's fetch
// and streams (jest-fixed-jsdom), SWC for TypeScript, Testing Library matchers, msw for HTTP.
const browserPackages = [
  'shared/platform',
  'shared/ui',
  'shared/routing',
  'shared/endpoints',
  'host',
  'remotes/chat',
  'remotes/qa',
  'remotes/translate',
  'remotes/agents',
  'remotes/collections',
  'remotes/usecases',
];

// Packages that ship only ES modules and must go through the transform.
const esmPackages = ['until-async', '@mswjs', 'msw', 'rettime', 'headers-polyfill', 'outvariant', 'strict-event-emitter', 'is-node-process', '@open-draft', 'marked', 'lowlight', 'devlop'];

/** SWC's settings for TypeScript or JavaScript sources: JSX for React 19, CommonJS for jest. */
function swcOptions(syntax) {
  return {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, tsx: true } : { syntax, jsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  };
}

/** @type {import('jest').Config} */
export default {
  // The run shares the machine with the browser suites (scripts/test-lanes.mjs): a test that takes
  // 2 s alone can take 6 on a loaded core, so jest's 5 s default would fail a test that is right.
  testTimeout: 20_000,
  projects: browserPackages.map((dir) => ({
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
    setupFilesAfterEnv: ['<rootDir>/../' + (dir.includes('/') ? '../' : '') + 'jest.setup.ts'],
    // SWC only strips types and turns modules into CommonJS (tsc checks types in its own step):
    // on a fresh clone, with no transform cache, ts-jest's transpiler was a third of jest's time.
    transform: {
      '^.+\\.tsx?$': ['@swc/jest', swcOptions('typescript')],
      '^.+\\.(m?js|jsx)$': ['@swc/jest', swcOptions('ecmascript')],
    },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmPackages.join('|')}))`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: { '\\.(css|woff2?|svg|png)$': '<rootDir>/../' + (dir.includes('/') ? '../' : '') + 'jest.asset-stub.cjs' },
    testEnvironmentOptions: { customExportConditions: [''] },
  })),
};
