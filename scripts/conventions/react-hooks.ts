// React's rules of hooks and their dependency lists over the SPA, through ESLint and eslint.config.mjs (decision 016,
// rule 7): what a hand-written check of ours would get wrong, the React team's own rules read.
import { ESLint } from 'eslint';

export type HookViolation = { rule: string; file: string; detail: string };

/** Every break of the hooks rules in the project at `root` (or in `text`, as if it were the file `file`). */
export async function hookViolations(root: string, sample?: { file: string; text: string }): Promise<HookViolation[]> {
  const eslint = new ESLint({ cwd: root });
  const results = sample ? await eslint.lintText(sample.text, { filePath: `${root}/${sample.file}` }) : await eslint.lintFiles(['web']);
  return results.flatMap((result) =>
    result.messages.map((m) => ({
      rule: m.ruleId ?? 'eslint',
      file: result.filePath.slice(root.length).replace(/^\/+/, ''),
      detail: `line ${m.line}: ${m.message}`,
    })),
  );
}
