// Remote "chat": chat, deep research, canvas. Loaded by the host at run time from its manifest.
import { remoteConfig } from '../../webpack.shared.js';

export default (_env, argv) =>
  remoteConfig({ packageDir: import.meta.dirname, mode: argv.mode, port: Number(process.env.REMOTE_CHAT_PORT) || 8091, name: 'chat' });
