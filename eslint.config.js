import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync, existsSync } from 'node:fs';

const featureDirs = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'test-results/**', 'node_modules/**', 'server/db/migrations/**', 'data/**', 'dev-dist/**', '.tmp/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './server', message: 'src/ and server/ share code only through contract/.' },
            { target: './server', from: './src', message: 'src/ and server/ share code only through contract/.' },
            { target: './contract', from: ['./src', './server'], message: 'contract/ imports nothing from src/ or server/.' },
            ...featureDirs.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message: 'Features never import each other; compose them in src/app.',
            })),
          ],
        },
      ],
    },
  },
);
