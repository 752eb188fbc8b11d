// ESLint flat config. `npm run lint` runs it over src/, e2e/ and the config files; `npm run format:check`
// (prettier) owns layout, so eslint-config-prettier switches off every stylistic rule here.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// eslint-plugin-react-hooks 7 bundles, beside rules-of-hooks and exhaustive-deps, the React Compiler's
// diagnostics (refs, set-state-in-effect, purity, static-components, ...). They stay off: the app does not
// build with the React Compiler, they cost ~22 s of a ~30 s lint (every component is compiled), and what
// they flag here (45 sites in 20 files: state synced from SWR data in effects, a ref read in render to
// keep the first balance seen) is deliberate, tested behaviour whose rewrite is a refactor of its own.
const reactHooksRecommended = reactHooks.configs.flat['recommended-latest'];
const reactCompilerRulesOff = Object.fromEntries(
  Object.keys(reactHooksRecommended.rules)
    .filter((rule) => !['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps'].includes(rule))
    .map((rule) => [rule, 'off']),
);

const src = (p) => path.join(root, 'src', p);

// One folder per feature under src/features; read at lint time so a new feature is covered without editing this file.
const features = readdirSync(src('features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// The one-way house (README "Layout"): app -> features -> shared (components, lib, types, locales).
// import-x resolves every import (relative or through the `@/` alias) to a file before matching, so
// `../../other-feature/x` and `@/features/other-feature/x` are both caught.
const SHARED = ['components', 'lib', 'types', 'locales'].map(src);
const boundaryZones = [
  // 1. A feature never imports another feature: share through components/, lib/ or types/, or compose them in src/app.
  ...features.map((name) => ({
    target: src(`features/${name}`),
    from: src('features'),
    except: [`./${name}`],
    message: `Feature "${name}" must not import another feature. Move the shared piece to src/components, src/lib or src/types, or compose the features in src/app.`,
  })),
  // 2. Shared layers and the test harness never import features.
  {
    target: [...SHARED, src('test')],
    from: src('features'),
    message: 'Shared code (components, lib, types, locales, test) must not import from src/features.',
  },
  // 3. Nothing below the app shell imports it (the test harness may, to render inside AppProvider).
  {
    target: [...SHARED, src('features')],
    from: src('app'),
    message: 'Only src/main.tsx and src/test may import from src/app; features and shared code sit below it.',
  },
  // 4. Outside its own folder a feature is used only through its index.ts (its public surface).
  {
    target: [src('app'), src('main.tsx'), src('test')],
    from: [src('features/*/**')],
    except: [src('features/*/index.{ts,tsx}')],
    message: 'Import a feature only through its index.ts: `@/features/<name>`.',
  },
];

export default defineConfig([
  globalIgnores(['dist/', 'coverage/', 'e2e/screenshots/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended, reactHooksRecommended],
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactCompilerRulesOff,
      // A missing dependency is a stale-closure bug: an error, not a warning.
      'react-hooks/exhaustive-deps': 'error',
      // tsc already reports unused locals and parameters (tsconfig noUnusedLocals/noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
  {
    // Node scripts; the browser tests also pass functions to page.evaluate, which run in the page.
    files: ['e2e/**/*.mjs', 'tour/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  prettier,
]);
