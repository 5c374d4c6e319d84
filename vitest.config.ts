import { sep } from "node:path";
import { defineConfig } from "vitest/config";

// React Router's Vite plugin rewrites .react-router/types (deleting the folder first) whenever a
// dev server starts, and each worker starts one (tests/helpers/http-app.ts): two workers doing it
// at once break each other's writes. Those types serve the editor and tsc (run before the tests),
// not the app, so such a failure is not one of the suite's.
const TYPES_FOLDER = `${sep}.react-router${sep}types${sep}`;

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
    // Each worker keeps the modules it has loaded, and the Vite server of tests/helpers/http-app.ts,
    // from one test file to the next, which saves a quarter of the suite's time; every file still
    // opens its own database and imports the site afresh, and no module of the app keeps state
    // between runtimes.
    isolate: false,
    onUnhandledError(error) {
      const { code, path } = error as { code?: string; path?: string };
      if ((code === "ENOENT" || code === "ENOTEMPTY") && path?.includes(TYPES_FOLDER)) return false;
    },
  },
});
