// The one place that knows the shared-dependency map and the loaders (DESIGN.md section 3). Each
// package's webpack.config.js is a few lines that call `hostConfig` or `remoteConfig`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Loaded once per page, whoever loads first: a second React or store would split the app. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'zustand',
  'i18next',
  'react-i18next',
  '@assistant/contracts',
  '@assistant/platform',
  '@assistant/ui',
];

/**
 * The shared map with `requiredVersion` taken from the installed package's own package.json as
 * the package resolves it (never the `workspace:` string of the dependent).
 */
function sharedMap(packageDir) {
  const require = createRequire(join(packageDir, 'package.json'));
  const shared = {};
  for (const name of SINGLETONS) {
    const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    let version;
    try {
      version = readJson(require.resolve(`${pkgName}/package.json`)).version;
    } catch {
      continue; // not a dependency of this package
    }
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

function baseConfig({ packageDir, mode, port }) {
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: packageDir,
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Types are checked by `tsc` in npm test; the build only strips them.
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|ttf|png|svg|jpe?g|webp|vtt|mp4|webm)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].[contenthash:10].css' }),
    ],
    performance: { hints: false },
    devServer: port ? { port, historyApiFallback: true, headers: { 'access-control-allow-origin': '*' } } : undefined,
  };
}

/** The shell: no build-time remotes; it reads the remote registry at run time. */
export function hostConfig({ packageDir, mode, port, runtimePlugins = [], title = 'Assistant' }) {
  const config = baseConfig({ packageDir, mode, port });
  config.entry = { main: './src/index.ts' };
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
    new HtmlWebpackPlugin({ template: './src/index.html', title, scriptLoading: 'defer' }),
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
    new HtmlWebpackPlugin({ template: join(packageDir, '../standalone.html'), title: name, scriptLoading: 'defer' }),
  );
  return config;
}
