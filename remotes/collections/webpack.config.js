// Remote "collections": loaded by the host at run time from its manifest (docs/federation.md).
import { remoteConfig } from '../../webpack.shared.js';

export default (_env, argv) =>
  remoteConfig({ packageDir: import.meta.dirname, mode: argv.mode, port: Number(process.env.REMOTE_COLLECTIONS_PORT) || 8095, name: 'collections' });
