// ESLint runs only the rules our own linter (scripts/conventions, decision 016) cannot: React's rules of hooks and
// their dependency lists, in the SPA. A disable comment must still silence something, or it is an error itself.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default [
  { ignores: ['web/routeTree.gen.ts'] },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'react-hooks': reactHooks },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
];
