// The one place that knows the shared-dependency map and the loaders (DESIGN.md section 3). Each
// package's webpack.config.js is a few lines that call `hostConfig` or `remoteConfig`.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Loaded once per page, whoever loads first: a second React or store would split the app. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  // The router, as the thin adapter (shared/routing) rather than react-router itself: a shared
  // module is not tree-shaken, the adapter's chunk holds only the react-router names it re-exports.
  '@assistant/routing',
  'zustand',
  'i18next',
  'react-i18next',
  '@assistant/contracts',
  // The start-up path's schemas (zod/mini): shared so that the shell, the platform and the
  // ui use one copy instead of each bundling its own.
  '@assistant/contracts/startup',
  '@assistant/platform',
  '@assistant/ui',
  // The endpoints several remotes use (docs/federation.md "Shared endpoints"). The host imports it
  // (lazily), so that it provides it: a shared module the host never imports is not in the share
  // scope until a remote adds its own copy, and each remote then keeps its own.
  '@assistant/endpoints',
];

/**
 * The shared map with `requiredVersion` taken from the installed package's own package.json as
 * the package resolves it (never the `workspace:` string of the dependent).
 */
function sharedMap(packageDir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const manifest = findPackageJson(packageDir, pkgName);
    if (!manifest) continue; // not a dependency of this package
    const { version } = readJson(manifest);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

/**
 * The package.json of a dependency as Node would find it from `packageDir`. Looked up on disk, not
 * with `require.resolve('<pkg>/package.json')`: packages with an `exports` map (the workspace
 * packages, many others) do not export their package.json, and would silently drop out of the map.
 */
function findPackageJson(packageDir, pkgName) {
  for (let dir = packageDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkgName, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Copies a package's `public/` folder into its output unchanged (plain names, no hashing): files
 * such as the host's `silent-renew.html` that must live at a fixed URL. The files named in
 * `hashed` get a content hash in their name instead (`theme.0123456789.js`), like chunks: the
 * servers let browsers keep those for a year, so a later page load uses them without asking again
 * (a round trip each on a slow network). The page template names them with `publicFile(name)`.
 */
class CopyPublicFolderPlugin {
  constructor(folder, hashed = []) {
    this.folder = folder;
    this.hashed = new Set(hashed);
  }

  /** The name `relativeName` is emitted under: with a content hash when it is one of `hashed`. */
  outputName(relativeName, content) {
    if (!this.hashed.has(relativeName)) return relativeName;
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
    return relativeName.replace(/(\.[^.]+)$/, `.${hash}$1`);
  }
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyPublicFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFolderPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const walk = (dir) => {
            for (const name of readdirSync(dir)) {
              const file = join(dir, name);
              if (statSync(file).isDirectory()) walk(file);
              else {
                compilation.fileDependencies.add(file);
                const content = readFileSync(file);
                compilation.emitAsset(this.outputName(relative(this.folder, file), content), new sources.RawSource(content));
              }
            }
          };
          walk(this.folder);
        },
      );
    });
  }
}

/**
 * Writes `dist/.bundle-graph.json`: which files each chunk has, which chunk groups load them and
 * from which module (the entry's `import('./bootstrap')`, a shared module's fallback). The
 * bundle-size bench reads it to find the JavaScript a page needs at start. A dotfile: the servers
 * do not serve it.
 */
class BundleGraphPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BundleGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BundleGraphPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const originModules = new Set();
        const groups = [];
        // The share key of a shared module: a group started by a provide module holds the code the
        // share scope hands out for that key.
        const provides = (m) => (m.type === 'provide-module' ? m._name : undefined);
        const consumes = (m) => (m.type === 'consume-shared-module' ? m.options?.shareKey : undefined);
        for (const group of compilation.chunkGroups) {
          const origins = group.origins
            .filter((o) => o.module)
            .map((o) => ({ module: o.module.identifier(), request: o.request ?? null, provides: provides(o.module) }));
          origins.forEach((o) => originModules.add(o.module));
          groups.push({ name: group.name ?? null, entrypoint: group.isInitial(), origins, chunks: group.chunks.map((c) => c.id) });
        }
        const chunks = [...compilation.chunks].map((chunk) => {
          const modules = chunkGraph.getChunkModules(chunk);
          return {
            id: chunk.id,
            files: [...chunk.files].filter((f) => !f.endsWith('.map')),
            entryModules: [...chunkGraph.getChunkEntryModulesIterable(chunk)].map((m) => m.identifier()),
            // Only what the bench needs: modules that start a chunk group, and shared consumers.
            modules: modules.map((m) => m.identifier()).filter((id) => originModules.has(id)),
            consumesShared: [...new Set(modules.map(consumes).filter(Boolean))],
          };
        });
        compilation.emitAsset('.bundle-graph.json', new sources.RawSource(`${JSON.stringify({ groups, chunks }, null, 1)}\n`));
      });
    });
  }
}

function baseConfig({ packageDir, mode, port }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: packageDir,
    // No eval in either mode: the portal's Content-Security-Policy has no 'unsafe-eval'. Production
    // maps are written beside the files for error reporting but not referenced from them (no
    // `//# sourceMappingURL`), so browsers never ask; the servers refuse `*.map` in production.
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: join(packageDir, 'dist'),
      // Entry files keep plain names (a manifest or index.html points at them); chunks carry hashes.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: 'auto',
      clean: true,
      uniqueName: readJson(join(packageDir, 'package.json')).name.replace(/[^a-z0-9]/gi, '_'),
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        // SWC strips the types (tsc checks them in npm test), in a fifth less CPU than ts-loader's
        // transpiler took for a whole build. ES2022 and the automatic JSX runtime, as
        // tsconfig.base.json and tsconfig.web.json say; jest transforms with the same settings.
        ...['ts', 'tsx'].map((syntax) => ({
          test: syntax === 'ts' ? /\.ts$/ : /\.tsx$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: syntax === 'tsx' },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2022',
              },
            },
          },
        })),
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|ttf|png|svg|jpe?g|webp|vtt|mp4|webm)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:10].css' }),
      ...(existsSync(join(packageDir, 'public')) ? [new CopyPublicFolderPlugin(join(packageDir, 'public'))] : []),
      new BundleGraphPlugin(),
    ],
    performance: { hints: false },
    // SWC minifies instead of terser (webpack's default): a third of the CPU time of a production
    // build, and a slightly smaller output (the chat remote: 1.040 MB gzip against 1.048 MB).
    optimization: { minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })] },
    // Persistent cache per package and mode: a rebuild after a change re-processes only what
    // changed (modules and their minified output). Invalidated by a change of the configs or the
    // lockfile (buildDependencies).
    // Not in CI: a clean clone builds once and never reads it, and writing it was a fifth of a build's CPU.
    cache: process.env.CI ? false : {
      type: 'filesystem',
      name: production ? 'production' : 'development',
      cacheDirectory: join(packageDir, 'node_modules', '.cache', 'webpack'),
      buildDependencies: { config: [import.meta.filename, join(packageDir, 'webpack.config.js')] },
    },
    devServer: port ? { port, historyApiFallback: true, headers: { 'access-control-allow-origin': '*' } } : undefined,
  };
}

/** The packages of the shell's start-up merged into one chunk (`hostConfig`): all of them run before its first paint. */
const SHELL_START_LIBRARIES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'cookie',
  'set-cookie-parser',
  'i18next',
  'react-i18next',
  'html-parse-stringify',
  'void-elements',
  'use-sync-external-store',
  'zustand',
  '@tanstack/query-core',
  '@tanstack/react-query',
  'diff',
]);

/** The npm package a module's file belongs to (the last `node_modules/` in its path), if any. */
function packageOf(resource) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(resource ?? '');
  return match ? match[1].replace('\\', '/') : undefined;
}

/** The shell: no build-time remotes; it reads the remote registry at run time. */
export function hostConfig({ packageDir, mode, port, runtimePlugins = [], title = 'Assistant' }) {
  const config = baseConfig({ packageDir, mode, port });
  config.entry = { main: './src/index.ts' };
  // The shell answers every deep link (/collections/company) with index.html, so its own files
  // must be addressed from the site root, not relative to the page. PUBLIC_PATH serves it from a
  // sub-path or a CDN instead.
  config.output.publicPath = process.env.PUBLIC_PATH || '/';
  // The scripts the page runs before the shell's (the theme, the early start-up request).
  const publicFolder = new CopyPublicFolderPlugin(join(packageDir, 'public'), ['theme.js', 'startup-request.js']);
  config.plugins = config.plugins.map((plugin) => (plugin instanceof CopyPublicFolderPlugin ? publicFolder : plugin));
  // The libraries every page of the shell needs before its first paint, as one file instead of one
  // chunk per package: on a high-latency network each file of the start-up waits for a free
  // connection (six per origin), so fewer files are fewer round trips. What loads later (the
  // sign-in library, the full zod, the contracts) keeps its own chunks.
  config.optimization.splitChunks = {
    cacheGroups: {
      shellLibraries: {
        test: (module) => SHELL_START_LIBRARIES.has(packageOf(module.resource)),
        name: 'shell-libraries',
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
    },
  };
  // The persistent cache knows nothing of the environment: settings read from it are its version.
  if (config.cache) config.cache.version = `publicPath=${config.output.publicPath}`;
  config.plugins.push(
    new ModuleFederationPlugin({
      name: 'host',
      remotes: {},
      shared: sharedMap(packageDir),
      // A remote that never loads must not hold up the shell's own shared modules.
      shareStrategy: 'loaded-first',
      runtimePlugins,
      dts: false,
    }),
    new HtmlWebpackPlugin({
      template: './src/index.html',
      title,
      scriptLoading: 'defer',
      // The template's `publicFile('theme.js')`: the public file's URL under its hashed name.
      templateParameters: (compilation, assets, assetTags, options) => ({
        compilation,
        webpackConfig: compilation.options,
        htmlWebpackPlugin: { tags: assetTags, files: assets, options },
        publicFile: (name) => `${assets.publicPath}${publicFolder.outputName(name, readFileSync(join(packageDir, 'public', name)))}`,
      }),
    }),
  );
  return config;
}

/** A remote: one exposed `./module`, a manifest the host's registry points at. */
export function remoteConfig({ packageDir, mode, port, name }) {
  const config = baseConfig({ packageDir, mode, port });
  config.entry = { main: './src/standalone.ts' };
  config.plugins.push(
    new ModuleFederationPlugin({
      name,
      filename: 'remoteEntry.js',
      exposes: { './module': './src/module.tsx' },
      shared: sharedMap(packageDir),
      manifest: true,
      dts: false,
    }),
    // Standalone page for the remote's own team; its routes are deep links too, so the page loads
    // its entry from the root. The federation runtime keeps `publicPath: 'auto'`: a host finds the
    // remote's chunks from wherever its manifest is served.
    new HtmlWebpackPlugin({
      template: join(packageDir, '../standalone.html'),
      title: name,
      scriptLoading: 'defer',
      publicPath: '/',
      chunks: ['main'],
    }),
  );
  return config;
}
