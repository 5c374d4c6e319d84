import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  environments: {
    // The server build's entry is our Express app, which wraps React Router's request handler.
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
    // React, React DOM and React Router, which every page loads, in one file: fewer requests on
    // a phone's first visit (and a better compression ratio) than the handful of pieces the
    // bundler would otherwise cut them into.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules\/(react|react-dom|scheduler|react-router)\// },
                // The shell's small shared modules in one file too: a page loads 6-7 files instead
                // of 20-30 (Lighthouse's simulation counts each as delaying the first paint).
                {
                  name: "shared",
                  test: /node_modules\/(lucide-react|clsx|class-variance-authority)\/|\/app\/(lib\/(cn|seo|limits|relative-time|use-hydrated|use-action-toast|json-ld|featured)|components\/(app-shell|auth-broadcast|not-found-content|form-field|pagination|relative-time|pending-view|ui\/(sidebar|tooltip|toast|button|button-variants|card|badge|input)))\.tsx?$|preload-helper/,
                },
              ],
            },
          },
        },
      },
    },
  },
  // Bundled into the server build rather than loaded from node_modules at run time: both packages'
  // entry points load every icon / every primitive (thousands of modules, tens of megabytes of
  // memory per server thread) where the pages use a few dozen.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
