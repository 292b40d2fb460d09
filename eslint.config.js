/**
 * ESLint runs for one family of rules only: regular expressions that can take super-linear time on the text
 * they are given (issue 23). Biome is the linter for everything else. The rules read regex literals and
 * `new RegExp('…')` with a literal string; a pattern built from pieces at run time is out of their sight,
 * which is why the analysis engine writes its patterns as literals (and server/src/complexity.test.ts times
 * the functions that read outside text).
 */
import tsParser from '@typescript-eslint/parser'
import regexp from 'eslint-plugin-regexp'

export default [
  // Tests and their helpers read only the texts they make themselves.
  { ignores: ['**/*.test.ts', '**/*.test.tsx', 'server/src/test/**', 'web/src/test/**'] },
  {
    files: ['server/src/**/*.ts', 'contract/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp },
    rules: {
      // Exponential or polynomial backtracking within one match attempt: `(a+)+$`, `\s*,?\s*x`.
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      // Quadratic over the attempts a search makes from each start position: `/\s*x/` on "   …   " without x.
      // `potential` also assumes a rejecting suffix where the pattern's use is unknown; `ignorePartial: false`
      // checks a pattern used only as a piece of another; a sticky (`y`) pattern is tried at one place only.
      'regexp/no-super-linear-move': [
        'error',
        { report: 'potential', ignoreSticky: true, ignorePartial: false },
      ],
      // A quantifier whose characters the one before or after it can also take: `\d+\d+`, `\s*\s+`.
      'regexp/optimal-quantifier-concatenation': 'error',
      // `(a+)b*` where the group's quantifier gives up characters it could take: the captured text misleads.
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
]
