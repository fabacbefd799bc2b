// The workspace's package folders, read from the `packages:` list of pnpm-workspace.yaml.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function workspacePackages() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = yaml.match(/^packages:\n((?:\s+-\s+.+\n?)+)/m)?.[1] ?? '';
  const patterns = [...block.matchAll(/-\s+(\S+)/g)].map((m) => m[1]);
  const dirs = [];
  for (const pattern of patterns) {
    const folders = pattern.endsWith('/*')
      ? (existsSync(join(root, pattern.slice(0, -2))) ? readdirSync(join(root, pattern.slice(0, -2))) : []).map((n) =>
          join(root, pattern.slice(0, -2), n),
        )
      : [join(root, pattern)];
    dirs.push(...folders.filter((dir) => existsSync(join(dir, 'package.json'))));
  }
  return dirs;
}
