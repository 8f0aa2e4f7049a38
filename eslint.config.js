// Code rules (`npm run lint:code`). Import boundaries and cycles live in dependency-cruiser.config.cjs.
// Only the recommended sets plus one typed rule: this is a safety net, not a style guide.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'coverage/**', 'resources/**', 'data/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        // One TypeScript program per tsconfig, found from each file (tsconfig.json references both).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // The one typed rule: a promise nobody awaits loses its error. Mark deliberate
      // fire-and-forget with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
      // A leading underscore names what is left out on purpose (`{ secret: _secret, ...rest }`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Input sanitisers match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // The renderer: the hooks' two classic rules (a hook's call order, and effects that see every
    // value they read), and the accessibility set for what the JSX renders.
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focus moves only after the user's own step — a dialog or menu opened, a step finished, a
      // search screen chosen — as the dialog and menu patterns ask; never on the app's first load.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
);
