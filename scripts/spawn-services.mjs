// Starts scripts/services.mjs as a child process and resolves with its READY payload.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { root } from './local-env.mjs';

export function spawnServices({ stack = 'dev', fresh = false } = {}) {
  const args = [path.join(root, 'scripts', 'services.mjs'), '--stack', stack, '--stop-with-stdin'];
  if (fresh) args.push('--fresh');
  // stdin stays a pipe: when this process dies, the child sees EOF and shuts Postgres down.
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], cwd: root });
  const restarted = [];
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('READY ')) resolve(JSON.parse(line.slice(6)));
      else if (line.startsWith('RESTARTED ')) restarted.shift()?.(JSON.parse(line.slice(10)));
      else console.log(line);
    });
    child.once('exit', (code) => reject(new Error(`services exited early (code ${code})`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  /** Restarts Postgres (fast shutdown, then start); resolves with `{ ms }` once it accepts connections again. */
  const restartPostgres = () =>
    new Promise((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error('services are not running'));
      restarted.push(resolve);
      child.once('exit', (code) => reject(new Error(`services exited during the restart (code ${code})`)));
      child.stdin.write('restart\n');
    });
  return { child, ready, stop, restartPostgres };
}
