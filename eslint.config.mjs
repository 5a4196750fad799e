import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'client/public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Nest resolves constructor parameters by their runtime class: those imports must stay values.
    files: ['src/**/*.ts', 'test/**/*.ts', 'ormconfig.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The boundaries: client/ and src/ meet only in shared/; a module uses another's services, not its entities.
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The browser code may not import the server: put what both need in shared/.' }] }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/client/**'], message: 'shared/ stands alone: both sides import it, it imports neither.' }] }] },
  },
  ...[1, 2, 3].map((depth) => {
    const up = '../'.repeat(depth);
    const inModule = `src/*/${'*/'.repeat(depth - 1)}*.ts`;
    return {
      files: [inModule],
      // database/ registers every entity and seeds them; specs may set up any table.
      ignores: ['src/database/**', 'src/**/*.spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            // A type says what a relation points at; only values (repositories, queries) couple modules.
            patterns: [
              { group: [`${up}*/**/*.entity`], allowTypeImports: true, message: "Another module's entity: use the service it exports instead (modules export services, not entities)." },
              { group: [`${up}../client/**`], message: 'The server may not import the browser code: put what both need in shared/.' },
            ],
          },
        ],
      },
    };
  }),
  {
    files: ['scripts/**/*.mjs', '*.js', 'test/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['*.js', 'test/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
