import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The query builder's entry points: a query is built only where these may be called. */
const QUERY_METHODS = ['selectFrom', 'selectNoFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto'];
const SQL_LIVES_IN_MODELS = 'SQL lives in server/models/ (and server/db/, migrations/): call a model function, or add one there (docs/boundaries.md).';

export default defineConfig(
  globalIgnores(['static/', 'migrations/']),
  {
    files: ['{server,client,admin-client,scripts,bench,test}/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Page types, test doubles and stores implement Promise-returning interfaces with async functions that need no await; a promise left unawaited is no-floating-promises' to catch.
      '@typescript-eslint/require-await': 'off',
      // Hooks and factories here return records of closures, and Kysely's expression builder is destructured as its docs show: none of these methods use `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Callback APIs (express-session, streams) hand over their errors typed any or unknown; a promise wrapping them rejects with what it was given.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // String() here shows form fields and stored JSON scalars (Express 5 parses flat bodies); the rule flags every String() of a value typed unknown once null is ruled out.
      '@typescript-eslint/no-base-to-string': 'off',
      // Browser-only state (the address's query, stored choices, the device's position) is read in a mount effect, so the first render matches the server's.
      'react-hooks/set-state-in-effect': 'off',
      // useLoaded takes a load and its deps as useEffect does: its callers' deps are checked the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useLoaded$' }],
      // An underscore marks a value dropped on purpose (a rest sibling, an unused parameter), as tsc's noUnused* checks already allow.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests are exempt: they set up states no model makes (an expired session, a half-done import) and read back what a model wrote.
    files: ['{server,client,admin-client,scripts,bench}/**/*.{ts,tsx}'],
    ignores: ['server/models/**', 'server/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${QUERY_METHODS.join('|')})$/]`, message: SQL_LIVES_IN_MODELS },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_LIVES_IN_MODELS },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', importNames: ['sql'], message: SQL_LIVES_IN_MODELS }], patterns: [{ group: ['kysely/helpers/*'], message: SQL_LIVES_IN_MODELS }] },
      ],
    },
  },
);
