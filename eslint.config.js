// @ts-check
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Imports flow one way: shared <- lambdas / web / infra; web never imports lambda code. */
const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    { patterns: folders.map((f) => ({ group: [`**/${f}/**`, `**/${f}`], message: `Esta capa no puede importar ${f}/ (dependencias en un solo sentido).` })) },
  ],
});

/**
 * Inside web/src, lib/ and components/ <- features/<one> <- app/: a feature uses the shared layers
 * and shared/, never another feature nor the app that assembles them (bulletproof-react).
 */
const FEATURES = readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = [
  ...FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message: 'Una funcionalidad no importa otra: mueve lo común a web/src/lib o web/src/components.',
  })),
  {
    target: ['web/src/features', 'web/src/lib', 'web/src/components'],
    from: 'web/src/app',
    message: 'web/src/app arma las pantallas; nada debajo de él lo importa.',
  },
  {
    target: ['web/src/lib', 'web/src/components'],
    from: 'web/src/features',
    message: 'lib/ y components/ son comunes a todas las funcionalidades: no importan ninguna.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.local/**', 'dev-dist/**', 'web/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind!='type'][source.value=/(^zod$|zod-es)/] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Importa zod como espacio de nombres (`import * as z from ...`): `{ z }` lleva todos los idiomas de zod al paquete.",
        },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without .ts here the rules skip TypeScript modules, and find no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      // `.js` specifiers name `.ts` files (moduleResolution Bundler): only the TypeScript resolver finds them.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webLayers }],
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
