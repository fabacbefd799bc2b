import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

/**
 * The public surface of the shared browser packages is what the other packages use: every name a
 * package's `src/index.ts` exports is imported by some other package (host, remotes, another
 * shared package, tests, benchmarks), and every name they import from it exists. A name only the
 * package itself uses belongs inside it; a name nobody imports any more is taken out with its last
 * user. Read from the source text: no build, no type-check (tsc checks the imports' types).
 */
const root = join(import.meta.dirname, '..', '..');

/** The packages whose surface is checked: `@assistant/<name>` in shared/<name>. */
const CHECKED = ['platform', 'ui', 'endpoints'];
/** Where the users of a package live (its own folder aside). */
const USER_ROOTS = ['host', 'remotes', 'shared', 'tests', 'bench'];
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The names `src/index.ts` exports (values and types); `export *` is refused (DESIGN.md section 11). */
export function exportedNames(indexSource: string): string[] {
  const file = ts.createSourceFile('index.ts', indexSource, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      assert.ok(statement.exportClause && ts.isNamedExports(statement.exportClause), 'index.ts exports by name (no export *)');
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
      } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
        names.push((statement.name as ts.Identifier).text);
      }
    }
  }
  return names;
}

/**
 * The names a file takes from `pkg` (`@assistant/platform`): named imports and re-exports (type
 * ones too), and what a file destructures from `jest.requireActual(pkg)` or `await import(pkg)`.
 */
export function importedNames(source: string, pkg: string): string[] {
  const quoted = `['"]${pkg.replace('/', '\\/')}['"]`;
  const clauses = [
    new RegExp(`(?:import|export)\\s+(?:type\\s+)?\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g'),
    // No brace inside (a block's `{` before the pattern is not part of it); a webpack magic comment
    // may stand before the name: import(/* webpackChunkName: "x" */ 'pkg').
    new RegExp(`\\{([^{}]*)\\}\\s*=\\s*(?:await\\s+import|jest\\.requireActual)\\(\\s*(?:\\/\\*.*?\\*\\/\\s*)?${quoted}\\s*\\)`, 'g'),
  ];
  return clauses.flatMap((clause) =>
    [...source.matchAll(clause)].flatMap((match) =>
      match[1]!
        .split(',')
        .map((part) => part.replace(/\/\/.*$|\/\*.*?\*\//gm, '').trim().replace(/^type\s+/, '').split(/\s+as\s+|\s*:\s*/)[0]!.trim())
        .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name)),
    ),
  );
}

describe('the public surface of the shared browser packages', () => {
  it('reads exports and imports the way the packages write them', () => {
    assert.deepEqual(
      exportedNames("export { a, b as c, type D } from './x';\nexport const e = 1, f = 2;\nexport function g() {}\nexport interface H {}\nconst hidden = 3;\n"),
      ['a', 'c', 'D', 'e', 'f', 'g', 'H'],
    );
    assert.throws(() => exportedNames("export * from './x';\n"), /by name/);
    const user = [
      "import { a, type B, c as d } from '@assistant/platform';",
      "import type {\n  E, // why\n  F,\n} from '@assistant/platform';",
      "export { G } from '@assistant/platform';",
      "const { H, I } = jest.requireActual('@assistant/platform');",
      "try {\n  const { J } = await import(/* webpackChunkName: \"p\" */ '@assistant/platform');\n} catch {}",
      "import { Z } from '@assistant/platform/testing';",
      "import { Y } from '@assistant/ui';",
    ].join('\n');
    assert.deepEqual(importedNames(user, '@assistant/platform'), ['a', 'B', 'c', 'E', 'F', 'G', 'H', 'I', 'J']);
  });

  for (const name of CHECKED) {
    const pkg = `@assistant/${name}`;
    const home = join(root, 'shared', name);

    it(`${pkg}: every name it exports is used by another package, and every name others use exists`, () => {
      const exported = new Set(exportedNames(readFileSync(join(home, 'src', 'index.ts'), 'utf8')));
      const users = new Map<string, string[]>();
      for (const file of USER_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))) {
        // The package itself, and this file (its seeded cases are no users).
        if (file.startsWith(home + '/') || file === import.meta.filename) continue;
        for (const imported of importedNames(readFileSync(file, 'utf8'), pkg)) users.set(imported, [...(users.get(imported) ?? []), relative(root, file)]);
      }
      const unused = [...exported].filter((exportedName) => !users.has(exportedName)).sort();
      assert.deepEqual(unused, [], `exported by ${pkg} but imported by no other package: use them inside it only, or stop exporting them`);
      const missing = [...users].filter(([importedName]) => !exported.has(importedName)).map(([importedName, files]) => `${importedName} (${files[0]})`);
      assert.deepEqual(missing, [], `imported from ${pkg} but not exported by its index.ts`);
    });
  }
});

/** Whether a module imports msw (any entry: `msw`, `msw/node`, `msw/browser`). */
export function importsMsw(source: string): boolean {
  return /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]msw(?:\/[^'"]*)?['"]/m.test(source);
}

/** The browser packages: the host, the remotes, the shared ones. */
function browserPackages(): string[] {
  return ['host', ...['remotes', 'shared'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(dir, name)))].filter((dir) =>
    existsSync(join(root, dir, 'package.json')),
  );
}

describe('msw is for tests only', () => {
  it('is told apart in an import, and not in a word', () => {
    assert.ok(importsMsw("import { http, HttpResponse } from 'msw';\n"));
    assert.ok(importsMsw("import { setupServer } from \"msw/node\";\n"));
    assert.ok(importsMsw("const { worker } = await import('msw/browser');\n"));
    assert.ok(!importsMsw("// msw stands in for the server in tests\nconst msw = 'msw-like';\n"));
  });

  it('is no runtime dependency of a browser package, and no module that ships imports it', () => {
    for (const dir of browserPackages()) {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
      assert.equal(manifest.dependencies?.msw, undefined, `${dir}/package.json: msw belongs in devDependencies (only tests and the ./testing entry use it)`);
    }
    const shipping = browserPackages()
      .flatMap((dir) => sourceFiles(join(root, dir, 'src')))
      .filter((file) => !/\/(__tests__|testing)\/|\.test\.tsx?$/.test(file));
    assert.ok(shipping.length > 100, 'the modules that ship were found');
    assert.deepEqual(shipping.filter((file) => importsMsw(readFileSync(file, 'utf8'))).map((file) => relative(root, file)), []);
  });
});
