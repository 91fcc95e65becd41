// ESLint flat config for `npm run lint` (eslint .): src, test, scripts and the config files.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Node's own globals, for the few plain JavaScript files (TypeScript files get them from @types/node).
const nodeGlobals = Object.fromEntries(
  ['process', 'Buffer', 'console', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'URL', 'TextEncoder', 'TextDecoder']
    .map((name) => [name, 'readonly']),
);

export default defineConfig([
  // Generated output and run results, never edited by hand.
  globalIgnores(['dist/', 'coverage/', 'bench-results/', 'eval-results/', 'scratch/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      // Express tells an error handler from a middleware by its arity, so unused parameters must
      // stay: a leading underscore says it is on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // The service logs through pino (request ids, redaction of keys): console bypasses both.
      'no-console': 'error',
    },
  },
  {
    // Command-line tools, benchmarks and evaluations talk to a person on a terminal.
    files: ['src/cli/**', 'scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests build control characters on purpose (hostile input, invalid UTF-8).
    files: ['test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Plain JavaScript is CommonJS here (worker modules that piscina loads without a transpiler).
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, require: 'readonly', module: 'writable', exports: 'writable', __dirname: 'readonly', __filename: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
]);
