// The shell. No build-time remotes: it reads /remotes.json at run time (src/federation).
import { join } from 'node:path';
import { hostConfig } from '../webpack.shared.js';

export default (_env, argv) =>
  hostConfig({
    packageDir: import.meta.dirname,
    mode: argv.mode,
    port: Number(process.env.PORTAL_PORT) || 8080,
    // A remote that cannot be loaded resolves to a fallback module instead of crashing start-up.
    runtimePlugins: [join(import.meta.dirname, 'src/federation/error-plugin.ts')],
    title: 'Assistant',
  });
