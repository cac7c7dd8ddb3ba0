import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : [];

/**
 * Web app boundaries: shared code (components, lib) -> features -> app.
 * A feature may import another feature only through its public index (features/<name>/index.ts),
 * never its insides; shared code may not import features or app; features may not import app.
 */
/**
 * React Router's Link, NavLink and useSearchParams share a module with its <Form> and framework
 * prefetching, all of which any import from it keeps in the first load; the app's own
 * (components/ui/link.tsx, lib/search-params.ts) do what the app needs.
 */
const routerLinks = {
  name: 'react-router',
  importNames: ['Link', 'NavLink', 'LinkProps', 'NavLinkProps', 'useSearchParams', 'useLinkClickHandler'],
  message: 'Use Link / NavLink from @/components/ui and useSearchParams from @/lib/search-params: React Router\'s live in the module of its <Form> and prefetching, which any import from it brings into the first load.',
};

const featureBoundaries = features.map((name) => ({
  files: [`${featuresDir}/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [routerLinks],
        patterns: [
          { group: ['@/app', '@/app/*', '**/app/*'], message: 'Features must not import from app/: shared code flows shared -> features -> app.' },
          {
            regex: `^@/features/(?!${name}/)[^/]+/.+`,
            message: 'Import another feature only through its public index (@/features/<name>), never its insides.',
          },
          { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(api|components|pages|hooks|model)', message: 'Reach other features through @/features/<name>.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'bench/scratch/**', 'e2e/artifacts/**', 'apps/api/seed/images/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The server builds the contracts' schemas only when a request first needs them
    // (docs/decisions/0087): its values come from the contracts' own modules, never from the
    // index, which reaches every schema. A type-only import is erased, so it may use the index.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@parmeta/contracts',
              allowTypeImports: true,
              message: 'Import values from their own module (@parmeta/contracts/common/money, ...): the index reaches every schema, which the server builds only when first needed (docs/decisions/0087).',
            },
          ],
        },
      ],
      // `import { type X }` stays in the output as an import of the module (verbatimModuleSyntax).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/boot/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [routerLinks] }] },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [routerLinks], patterns: [{ group: ['@/features/*', '@/app/*', '@/features', '@/app'], message: 'Shared code must not import features or app.' }] },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'deploy/**/*.ts', 'apps/api/src/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
