// Remote "usecases" (summarize, generate, transcribe, custom apps): loaded by the host at run time from its manifest (docs/federation.md).
import { remoteConfig } from '../../webpack.shared.js';

export default (_env, argv) =>
  remoteConfig({ packageDir: import.meta.dirname, mode: argv.mode, port: Number(process.env.REMOTE_USECASES_PORT) || 8096, name: 'usecases' });
