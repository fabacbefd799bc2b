// The platform's public surface, exported by name (no `export *`).
export { defineRemoteModule, type RemoteModule, type RemoteNavigationEntry } from './federation/remote-module';
