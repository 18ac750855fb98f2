// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared <- lambdas / web / infra; web never imports lambda code. */
const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    { patterns: folders.map((f) => ({ group: [`**/${f}/**`, `**/${f}`], message: `Esta capa no puede importar ${f}/ (dependencias en un solo sentido).` })) },
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.local/**', 'dev-dist/**', 'web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['shared/**'], rules: forbid('lambdas', 'web', 'infra', 'bin', 'scripts', 'test') },
  { files: ['lambdas/**'], rules: forbid('web', 'infra', 'bin', 'scripts', 'test') },
  { files: ['web/**'], rules: forbid('lambdas', 'infra', 'bin', 'scripts', 'test') },
  // infra names lambda entry files as paths for esbuild, never imports their code.
  { files: ['infra/**', 'bin/**'], rules: forbid('lambdas', 'web', 'scripts', 'test') },
  // Tests may read loosely typed JSON answers.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
