// `npm start`: runs everything a newcomer needs on one machine with embedded defaults (the API
// server, which also starts the dev identity provider and the embedded database). Ctrl-C stops
// all of it cleanly: the signal reaches every child, and we wait for them before exiting.
import { spawn } from 'node:child_process';
import { root } from './workspace.mjs';

const services = [
  { name: 'server', args: ['--import', 'tsx', 'server/src/main.ts'] },
];

const children = services.map(({ name, args }) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      if (code === 0) return stop(0); // stopped by a signal sent to it directly
      console.error(`[start] ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest`);
      stop(code || 1);
    }
  });
  return child;
});

let stopping = false;
function stop(exitCode) {
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  let left = alive.length;
  for (const child of alive) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
