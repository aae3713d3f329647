// ESLint's flat config for the web client (web/static/web/js: ES modules the browser loads as
// they are, no build step) and its unit tests (tests/js, run by node's own test runner).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: ["node_modules/", "staticfiles/", ".venv/", "**/vendor/"],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2022, sourceType: "module" },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-implicit-globals": "error",
      "no-shadow": "error",
      "no-var": "error",
      "prefer-const": "error",
      "object-shorthand": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
    },
  },
  {
    files: ["*/static/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    // A classic worker script, served at /sw.js after the constants the server writes.
    files: ["web/static/web/js/service_worker.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, CACHE: "readonly", SHELL: "readonly", OFFLINE: "readonly" },
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { globals: globals.node },
  },
];
