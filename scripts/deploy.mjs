// `npm run deploy [-- wrangler deploy options]`: builds the production environment of wrangler.toml
// ([env.production]: ENVIRONMENT production, no local values) and deploys that build, never the development one.
// It stops before deploying when the built configuration still carries development settings (decision 013).
//   npm run deploy -- --dry-run        builds and shows what would be uploaded
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// `--out-dir DIR` (ours) builds elsewhere than dist-production/, for the test of this script
const outIndex = args.indexOf('--out-dir');
const outDir = path.resolve(root, outIndex >= 0 ? args.splice(outIndex, 2)[1] : 'dist-production');

const run = (cmd, cmdArgs, env = {}) => {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

console.log(`[deploy] building the production environment into ${path.relative(root, outDir)}/`);
run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { CLOUDFLARE_ENV: 'production' });

const configPath = path.join(outDir, 'forma', 'wrangler.json');
const config = JSON.parse(readFileSync(configPath, 'utf8'));
const vars = config.vars ?? {};
const problems = [
  vars.ENVIRONMENT !== 'production' && `ENVIRONMENT is ${vars.ENVIRONMENT ?? 'unset'}`,
  // secrets come from `wrangler secret put … --env production`, never from the file
  ...['JWT_SECRET', 'DATABASE_URL', 'NEON_WS_PROXY'].filter((name) => name in vars).map((name) => `${name} is set in the file`),
].filter(Boolean);
if (problems.length) {
  console.error(`[deploy] refusing: the built configuration has development settings (${problems.join('; ')})`);
  process.exit(1);
}
console.log('[deploy] production configuration checked: ENVIRONMENT production, no local values');
run('npx', ['wrangler', 'deploy', '--config', configPath, ...args]);
