import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".e2e-*/", "node_modules/", ".react-router/", "data/", "playwright-report/", "test-results/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": "off",
    },
  },
  {
    // Files a reader can hold in their head; the schema is one table per block and reads as a list.
    files: ["**/*.{js,ts,tsx}"],
    ignores: ["db/schema.ts", "docs/examples/**"],
    rules: { "max-lines": ["error", { max: 350 }] },
  },
  {
    // One-way imports: UI primitives know nothing of routes or the server; server modules never import React.
    files: ["app/components/ui/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["~/routes/*", "~/server/*", "../../server/*"] }] },
  },
  {
    // Shared helpers sit below the UI: a lib module never imports a component or a route.
    files: ["app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: ["~/components/*", "~/routes/*", "../components/*", "../routes/*"] }] },
  },
  {
    // Mails: components rendered to HTML and text on the server (app/mail/mail-document.tsx). They
    // are given words and addresses, and know nothing of the server, the routes or the pages.
    files: ["app/mail/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/server/*", "~/routes/*", "~/components/*", "../server/*", "../routes/*", "../components/*"] }],
    },
  },
  {
    // Nor components: what the pages and the server share lives in app/lib.
    files: ["app/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["react-dom", "react-dom/*", "~/routes/*", "~/components/*", "../components/*", "../../components/*"] }],
    },
  },
);
