import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const AREAS = ["accounts", "blog", "drafts", "forum", "guides", "members", "moderation", "notifications", "places", "site"];
const rule = (message, regex) => ({ regex, message });
// Another area's inside, by alias or by a relative path: only its entry module may be imported.
const areaInsides = (own) =>
  AREAS.filter((area) => area !== own).flatMap((area) => [
    rule(`Import the ${area} area through ~/server/${area}/${area}.server.`, `(^|/)server/${area}/(?!${area}\\.server$)`),
    rule(`Import the ${area} area through ~/server/${area}/${area}.server.`, `^(\\.\\./)+${area}/(?!${area}\\.server$)`),
  ]);
const noTopServer = rule("app/ reaches app/server through ~/server/ and never imports the Express server (server/).", "^(\\.{1,2}/)+server/");
const noUi = [
  rule("The server knows nothing of React's DOM.", "^react-dom(/|$)"),
  rule("The server knows nothing of routes or components.", "(^|/)(routes|components)/"),
];
const restrict = (files, patterns, ignores) => ({ files, ...(ignores ? { ignores } : {}), rules: { "no-restricted-imports": ["error", { patterns }] } });

function importRules() {
  return [
    // Pages, components and the document: areas only through their entry modules.
    restrict(["app/**/*.{ts,tsx}"], [noTopServer, ...areaInsides(null)], ["app/server/**", "app/components/ui/**", "app/lib/**", "app/mail/**"]),
    // UI primitives know nothing of routes or the server.
    restrict(
      ["app/components/ui/**"],
      [noTopServer, rule("UI primitives know nothing of routes or the server.", "(^~/(routes|server)/)|(^(\\.\\./)+(routes|server)/)")],
    ),
    // Shared helpers sit below the UI and the server: a lib module never imports a component, a route or the server.
    restrict(
      ["app/lib/**"],
      [
        noTopServer,
        rule("A lib module never imports a component, a route or the server.", "(^~/(components|routes|server)/)|(^(\\.\\./)+(components|routes|server)/)"),
      ],
    ),
    // Mails are given words and addresses, and know nothing of the server, the routes or the pages.
    restrict(
      ["app/mail/**"],
      [
        noTopServer,
        rule("Mails know nothing of the server, the routes or the pages.", "(^~/(components|routes|server)/)|(^(\\.\\./)+(components|routes|server)/)"),
      ],
    ),
    // The composition root.
    restrict(["app/server/*.ts"], [noTopServer, ...noUi]),
    // Infrastructure imports no area and not the composition root.
    restrict(
      ["app/server/infra/**"],
      [
        noTopServer,
        ...noUi,
        rule("Infrastructure imports no area of the domain.", `(^|/)server/(${AREAS.join("|")})/`),
        rule("Infrastructure imports no area of the domain.", `^(\\.\\./)+(${AREAS.join("|")})/`),
        rule(
          "Infrastructure does not import the composition root.",
          "(^|/)server/(runtime\\.server|context|outage\\.server)$|^\\.\\./(runtime\\.server|context|outage\\.server)$",
        ),
      ],
    ),
    ...AREAS.map((area) => restrict([`app/server/${area}/**`], [noTopServer, ...noUi, ...areaInsides(area)])),
    // The Express server, scripts and benchmarks use the areas' entry modules too.
    restrict(["server/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"], areaInsides(null)),
  ];
}

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
  // The house by area: app/server/infra/ (database, configuration, logging, mail transport, change
  // events, caches, limits) imports no area; each area (app/server/<area>/) reaches another only
  // through that area's entry module, <area>/<area>.server.ts; the composition root
  // (app/server/runtime.server.ts, context.ts, outage.server.ts) wires them. Only tests reach inside.
  ...importRules(),
);
