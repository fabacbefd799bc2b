import { build } from 'esbuild';

/**
 * A benchmark's browser page (`page.tsx` beside its run.ts) as one production-mode script for
 * `page.addScriptTag`: React in production mode, minified, stylesheets left out.
 */
export async function bundlePage(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'empty' },
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}
