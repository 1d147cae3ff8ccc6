// `npm run lint`: checks the conventions (rules.ts) over worker/, party/, drizzle/ and web/, and React's hooks rules
// over web/ (react-hooks.ts), and lists what breaks them; exits 1 when anything does. tests/node/conventions.test.ts
// runs the same checks inside `npm test`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importGraph } from './import-graph.ts';
import { hookViolations } from './react-hooks.ts';
import { rules, type Violation } from './rules.ts';
import { sourceFiles } from './source-files.ts';

/** Every violation of every rule in the project at `root`. */
export function lintProject(root: string): Violation[] {
  const graph = importGraph(root, sourceFiles(root));
  const project = { graph, read: (file: string) => readFileSync(`${root}/${file}`, 'utf8') };
  return rules.flatMap((rule) => rule.check(project));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const violations = [...lintProject(root), ...(await hookViolations(root))];
  for (const v of violations) console.log(`${v.rule}  ${v.file}  ${v.detail}`);
  console.log(violations.length ? `\n${violations.length} violation(s)` : `conventions hold (${[...rules.map((r) => r.name), 'react-hooks'].join(', ')})`);
  process.exitCode = violations.length ? 1 : 0;
}
