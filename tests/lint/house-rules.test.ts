import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

/**
 * The lint step of `npm test` must be able to fail: each house rule of eslint.config.js is shown
 * a seeded violation (a file that does not exist, linted from text at a path of the repository)
 * and must report it with the expected rule; a well-placed import must pass. The targets of the
 * imports are real files, picked when the test runs so that renames do not break it.
 */
const root = join(import.meta.dirname, '..', '..');

const remotes = readdirSync(join(root, 'remotes')).filter((name) => existsSync(join(root, 'remotes', name, 'src', 'module.tsx')));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' ? [] : filesUnder(path);
    return /\.tsx?$/.test(name) && !/^index\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Two features of one remote, and an internal file of the second: `{ remote, from, internal }`. */
function twoFeatures() {
  for (const remote of remotes) {
    const featuresDir = join(root, 'remotes', remote, 'src', 'features');
    if (!existsSync(featuresDir)) continue;
    const features = readdirSync(featuresDir).filter((name) => statSync(join(featuresDir, name)).isDirectory());
    for (const target of features) {
      const internal = filesUnder(join(featuresDir, target))[0];
      const other = features.find((name) => name !== target);
      if (internal && other) return { remote, from: other, internal: relative(root, internal) };
    }
  }
  return undefined;
}

/** A route file of the server (its repository path). */
function aRouteFile(): string {
  const name = readdirSync(join(root, 'server', 'src', 'routes')).find((entry) => entry.endsWith('.ts'));
  assert.ok(name, 'a server route file to test with');
  return `server/src/routes/${name}`;
}

/** The import path from a (virtual) file to a repository file, without its extension. */
function importPath(fromFile: string, toFile: string): string {
  const path = relative(join(root, fromFile, '..'), join(root, toFile)).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

/**
 * A number of the issue tracker in code ("issue" and a number, in a comment, a test's name or a
 * string): it tells a reader of the code nothing, so a comment says why instead. docs/ keeps the
 * history; Markdown is not checked.
 */
const ISSUE_REFERENCE = /\bissues? ?#?\d+\b/i;
const CODE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|css|html|sh|ya?ml)$/;
const CODE_ROOTS = ['host', 'remotes', 'shared', 'server', 'scripts', 'tests', 'bench', 'deploy', '.ci'];
const NOT_CODE = new Set(['node_modules', 'dist', '.data', 'coverage', 'pnpm-lock.yaml']);

/** The lines of `text` that name an issue by number, as `line: text`. */
function issueReferences(text: string): string[] {
  return text.split('\n').flatMap((line, index) => (ISSUE_REFERENCE.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

/** Every file of code of the repository (the packages, tests, benchmarks, scripts, the root's configuration). */
function codeFiles(dir: string, top = true): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_CODE.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return !top || CODE_ROOTS.includes(entry.name) ? codeFiles(path, false) : [];
    return CODE_FILE.test(entry.name) ? [path] : [];
  });
}

describe('code names no issue numbers', () => {
  it('finds one in a comment, a test name or a string, in either spelling', () => {
    const number = ['issue', '12'].join(' ');
    for (const seeded of [`// Escape closes the menu (${number}).`, ` * Start-up in one round trip (${number.replace('issue', 'Issue')}).`, `it('stops (${number.replace(' ', ' #')})', () => {});`]) {
      assert.equal(issueReferences(`const a = 1;\n${seeded}\n`).length, 1, seeded);
    }
    // zod's issues and the words alone are no reference.
    assert.deepEqual(issueReferences("if (error.body?.issues?.length) showIssues(issues[0]);\n// Each issue names its field.\n"), []);
  });

  it('finds none in the repository', () => {
    const found = codeFiles(root).flatMap((file) => issueReferences(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}:${line}`));
    assert.deepEqual(found, [], 'say why instead of which issue');
  });
});

describe('the lint step finds what breaks the house rules', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: root });
  });

  async function findings(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    assert.ok(result, `no lint result for ${filePath}`);
    return result.messages.map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
  }

  function assertReported(found: string[], rule: string) {
    assert.ok(
      found.some((finding) => finding.startsWith(`${rule}:`)),
      `expected a ${rule} finding, got: ${found.length ? found.join('; ') : 'none'}`,
    );
  }

  it('a remote importing another remote', async () => {
    const [a, b] = remotes;
    assert.ok(a && b, 'two remotes to test with');
    const file = `remotes/${a}/src/zz-lint-probe.ts`;
    assertReported(await findings(file, `import '${importPath(file, `remotes/${b}/src/module.tsx`)}';\n`), 'boundaries/dependencies');
  });

  it('a remote importing the host, the host importing a remote', async () => {
    const [a] = remotes;
    const fromRemote = `remotes/${a}/src/zz-lint-probe.ts`;
    assertReported(await findings(fromRemote, `import '${importPath(fromRemote, 'host/src/bootstrap.tsx')}';\n`), 'boundaries/dependencies');
    const fromHost = 'host/src/zz-lint-probe.ts';
    assertReported(await findings(fromHost, `import '${importPath(fromHost, `remotes/${a}/src/module.tsx`)}';\n`), 'boundaries/dependencies');
  });

  it('a layer importing one above it (platform -> ui, contracts -> platform)', async () => {
    const platform = 'shared/platform/src/zz-lint-probe.ts';
    assertReported(await findings(platform, `import '${importPath(platform, 'shared/ui/src/index.ts')}';\n`), 'boundaries/dependencies');
    const contracts = 'shared/contracts/src/zz-lint-probe.ts';
    assertReported(await findings(contracts, `import '${importPath(contracts, 'shared/platform/src/index.ts')}';\n`), 'boundaries/dependencies');
  });

  it('the server importing the browser side, by path or by package name', async () => {
    const file = 'server/src/zz-lint-probe.ts';
    assertReported(await findings(file, `import '${importPath(file, 'shared/platform/src/index.ts')}';\n`), 'boundaries/dependencies');
    assertReported(await findings(file, `import '@assistant/ui';\n`), 'boundaries/dependencies');
  });

  it('a server file, or another route file, importing a route file (routes are leaves)', async () => {
    const route = aRouteFile();
    for (const file of ['server/src/zz-lint-probe.ts', 'server/src/chat/zz-lint-probe.ts', 'server/src/routes/zz-lint-probe.ts']) {
      assertReported(await findings(file, `import '${importPath(file, route)}';\n`), 'import-x/no-restricted-paths');
    }
    // app.ts registers them, and tests may use a route's messages.
    for (const file of ['server/src/app.ts', 'server/src/__tests__/zz-lint-probe.test.ts']) {
      assert.deepEqual(await findings(file, `import '${importPath(file, route)}';\n`), []);
    }
  });

  it('a client branching on an HTTP status instead of the error code', async () => {
    const [a] = remotes;
    const branches = [
      'export const gone = (error: { status?: number }) => error.status === 404;\n',
      'export const gone = (error?: { status?: number }) => 404 === error?.status;\n',
      'export const fault = (error: { body: { statusCode: number } }) => error.body.statusCode >= 500;\n',
      'export function kind(error: { status: number }) {\n  switch (error.status) {\n    case 409:\n      return 1;\n    default:\n      return 0;\n  }\n}\n',
    ];
    for (const file of [`remotes/${a}/src/zz-lint-probe.ts`, 'host/src/zz-lint-probe.tsx', 'shared/ui/src/zz-lint-probe.ts', 'shared/platform/src/zz-lint-probe.ts']) {
      for (const branch of branches) assertReported(await findings(file, branch), 'no-restricted-syntax');
    }
    // The code, a status that is no HTTP status, the transport and tests pass.
    const byCode = "export const gone = (error: { code?: string }) => error.code === 'not_found';\n";
    assert.deepEqual(await findings(`remotes/${a}/src/zz-lint-probe.ts`, byCode), []);
    assert.deepEqual(await findings(`remotes/${a}/src/zz-lint-probe.ts`, "export const done = (file: { status: string }) => file.status === 'processed';\n"), []);
    assert.deepEqual(await findings('shared/platform/src/http/http-client.ts', branches[0]!), []);
    assert.deepEqual(await findings(`remotes/${a}/src/__tests__/zz-lint-probe.ts`, branches[0]!), []);
  });

  it("a feature importing another feature's internals", async (t) => {
    const pair = twoFeatures();
    if (!pair) return t.skip('no remote with two features');
    const file = `remotes/${pair.remote}/src/features/${pair.from}/zz-lint-probe.ts`;
    assertReported(await findings(file, `import '${importPath(file, pair.internal)}';\n`), 'boundaries/dependencies');
  });

  it('code that ships importing test helpers', async () => {
    const [a] = remotes;
    assertReported(await findings(`remotes/${a}/src/zz-lint-probe.ts`, `import '@assistant/platform/testing';\n`), 'boundaries/dependencies');
  });

  it('react-router imported past its adapter (@assistant/routing is the shared singleton)', async () => {
    const [a] = remotes;
    assertReported(await findings(`remotes/${a}/src/zz-lint-probe.ts`, `import { Link } from 'react-router';\nexport const probe = Link;\n`), 'no-restricted-imports');
    assertReported(await findings('shared/platform/src/zz-lint-probe.ts', `import type { RouteObject } from 'react-router-dom';\nexport type Probe = RouteObject;\n`), 'no-restricted-imports');
    assert.deepEqual(await findings('shared/routing/src/zz-lint-probe.ts', `export { Link } from 'react-router';\n`), []);
  });

  it('a file or folder name that is not kebab-case', async () => {
    assertReported(await findings('shared/ui/src/ZzLintProbe.ts', 'export const probe = 1;\n'), 'check-file/filename-naming-convention');
    assertReported(await findings('shared/ui/src/ZzFolder/zz-lint-probe.ts', 'export const probe = 1;\n'), 'check-file/folder-naming-convention');
  });

  it('a missing hook dependency, and switching the rule off without a reason', async () => {
    const hook = (directive: string) => `import { useEffect, useState } from 'react';
export function useProbe(value: number) {
  const [state, setState] = useState(0);
  ${directive}
  useEffect(() => setState(value), []);
  return state;
}
`;
    const file = 'shared/ui/src/zz-lint-probe.ts';
    assertReported(await findings(file, hook('')), 'react-hooks/exhaustive-deps');
    assertReported(await findings(file, hook('// eslint-disable-next-line react-hooks/exhaustive-deps')), '@eslint-community/eslint-comments/require-description');
    assert.deepEqual(await findings(file, hook('// eslint-disable-next-line react-hooks/exhaustive-deps -- set once, on purpose')), []);
  });

  it('passes imports that follow the layers', async () => {
    const [a] = remotes;
    const code = `import { z } from 'zod';\nimport * as contracts from '@assistant/contracts';\nimport * as platform from '@assistant/platform';\nimport * as ui from '@assistant/ui';\nimport * as routing from '@assistant/routing';\nexport const all = [z, contracts, platform, ui, routing];\n`;
    assert.deepEqual(await findings(`remotes/${a}/src/zz-lint-probe.ts`, code), []);
    assert.deepEqual(await findings('host/src/zz-lint-probe.ts', code), []);
  });
});
