import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx", "app/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Each worker keeps the modules it has loaded (and the Vite server of tests/helpers/http-app.ts)
    // from one test file to the next, which saves a quarter of the suite's time; every file still
    // opens its own database, and no module of the app keeps state between runtimes.
    isolate: false,
  },
});
