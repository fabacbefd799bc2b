// Small pieces of `npm test`'s orchestration: a child process as a promise, a pool that runs tasks
// a few at a time, and the stage clock printed at the end of the run.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Runs a command, its output passed through (or collected when `quiet`); resolves with its exit. */
export function runAsync(command, args, options = {}) {
  const { quiet = false, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', ...spawnOptions });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ status: null, output: `${output}${error.message}\n` }));
    child.on('close', (status, signal) => resolve({ status, signal, output }));
  });
}

/** Runs the task functions `concurrency` at a time; results in the tasks' order. */
export async function pool(tasks, concurrency) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  return results;
}

/** Wall-clock time of each stage, printed as one table at the end of the run. */
export function createStageClock() {
  const started = Date.now();
  const cpuAtStart = cpuTimes();
  const stages = [];
  return {
    async time(name, work) {
      const begin = Date.now();
      try {
        return await work();
      } finally {
        stages.push({ name, seconds: (Date.now() - begin) / 1000 });
      }
    },
    /** A stage timed elsewhere (a span of jobs on the lanes). */
    record(name, seconds) {
      stages.push({ name, seconds });
    },
    report() {
      const total = (Date.now() - started) / 1000;
      const width = Math.max(...stages.map((s) => s.name.length), 5);
      const line = (name, seconds) => `  ${name.padEnd(width)}  ${formatSeconds(seconds).padStart(8)}`;
      const cpu = cpuAtStart && cpuTimes();
      // How busy the machine was: below about 90 % the run waits (more browser lanes would help);
      // near 100 % only less work makes it shorter.
      const busy = cpu ? [`  CPU busy ${Math.round((100 * (cpu.busy - cpuAtStart.busy)) / Math.max(1, cpu.total - cpuAtStart.total))} % of the run on all cores`] : [];
      return ['Stage times (wall clock from first start to last end; stages overlap):', ...stages.map((s) => line(s.name, s.seconds)), line('total', total), ...busy].join('\n');
    },
  };
}

function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
}

/** The machine's CPU time so far (Linux /proc/stat, in ticks): busy and total; undefined elsewhere. */
function cpuTimes() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}
