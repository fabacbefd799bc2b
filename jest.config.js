// One jest run over every browser package (DESIGN.md section 7): jsdom that keeps Node's fetch
// and streams (jest-fixed-jsdom), ts-jest, Testing Library matchers, msw for HTTP.
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

/** @type {import('jest').Config} */
export default {
  projects: browserPackages.map((dir) => ({
    displayName: dir,
    rootDir: `<rootDir>/${dir}`,
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts?(x)'],
    setupFilesAfterEnv: ['<rootDir>/../' + (dir.includes('/') ? '../' : '') + 'jest.setup.ts'],
    transform: {
      '^.+\\.(t|j)sx?$|^.+\\.mjs$': [
        'ts-jest',
        {
          tsconfig: {
            jsx: 'react-jsx',
            module: 'commonjs',
            moduleResolution: 'node10',
            verbatimModuleSyntax: false,
            esModuleInterop: true,
            allowJs: true,
            ignoreDeprecations: '6.0',
            rootDir: import.meta.dirname,
          },
          transpilation: true,
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${esmPackages.join('|')}))`],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: { '\\.(css|woff2?|svg|png)$': '<rootDir>/../' + (dir.includes('/') ? '../' : '') + 'jest.asset-stub.cjs' },
    testEnvironmentOptions: { customExportConditions: [''] },
  })),
};
