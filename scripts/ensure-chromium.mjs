// The browser tests drive Debian's chromium (never a downloaded browser). `npm test` calls this before a run that
// includes them: when the browser is missing it installs Debian's package if this user may (root, or sudo without
// a password), saying so; otherwise it stops the run with the command to type. A missing browser is never a skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const can = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** Resolves when the browser is there (installing it if allowed); throws with what to do otherwise. */
export function ensureChromium({ log = console.log } = {}) {
  if (existsSync(CHROMIUM_PATH)) return { installed: false, path: CHROMIUM_PATH };
  if (process.env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH points to ${CHROMIUM_PATH}, which does not exist`);
  const root = process.getuid?.() === 0;
  const sudo = !root && can('sudo', ['-n', 'true']);
  if (!existsSync('/usr/bin/apt-get') || (!root && !sudo)) {
    throw new Error(
      `the browser tests need Debian's chromium at ${CHROMIUM_PATH}: install it with \`sudo apt-get install chromium\` ` +
        '(or set CHROMIUM_PATH to a chromium binary), or run other projects only: `npm test -- --project worker --project web --project node`',
    );
  }
  log(`[test] chromium is missing: installing Debian's package (apt-get install chromium${sudo ? ', through sudo' : ''})`);
  const prefix = sudo ? ['sudo', '-n'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => execFileSync(prefix[0] ?? args[0], prefix.length ? [...prefix.slice(1), ...args] : args.slice(1), { stdio: 'inherit', env });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is still missing`);
  log(`[test] chromium installed at ${CHROMIUM_PATH}`);
  return { installed: true, path: CHROMIUM_PATH };
}

/** Whether vitest's arguments select the browser tests (every project by default, or `--project e2e`, or an e2e file). */
export function selectsBrowserTests(args) {
  const projects = args.flatMap((arg, i) => (arg === '--project' ? [args[i + 1]] : arg.startsWith('--project=') ? [arg.slice(10)] : []));
  const files = args.filter((arg, i) => !arg.startsWith('-') && args[i - 1] !== '--project' && args[i - 1] !== '-t');
  if (projects.length) return projects.includes('e2e');
  return files.length === 0 || files.some((f) => f.includes('tests/e2e'));
}
