import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { writeShareImages } from "./scripts/share-images.ts";

// Every script and style sheet of the client build is compressed once, at build time, as well as
// it can be: Zopfli for gzip (about 4 % smaller than zlib's best) and Brotli at quality 11. The
// server sends these files (express-static-gzip) instead of compressing each request.
// Zopfli is loaded here only: its Emscripten glue makes any unhandled rejection abort the process,
// which in a dev server or a test worker turned a harmless one into a crash.
function precompressAssets(): Plugin {
  const brotli = promisify(brotliCompress);
  return {
    name: "capsiva:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }, bundle) {
      const { gzipAsync } = await import("@gfx/zopfli");
      const files = Object.values(bundle).filter((file) => /^assets\/.+\.(js|css)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          const path = join(dir!, file.fileName);
          const [gzip, br] = await Promise.all([
            gzipAsync(source, { numiterations: 15 }),
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          ]);
          await Promise.all([writeFile(`${path}.gz`, gzip), writeFile(`${path}.br`, br)]);
        }),
      );
    },
  };
}

// PNG share images from the SVG illustrations, written next to the other client files.
function shareImages(): Plugin {
  return {
    name: "capsiva:share-images",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle({ dir }) {
      await writeShareImages(join(import.meta.dirname, "public"), dir!);
    },
  };
}

// Worker threads of the server (`new URL("./x.worker.ts", import.meta.url)` beside the module that
// starts them, as csv-parse.server.ts does): each is emitted as a script of its own at the top of
// the server build, and the address is rewritten to it from wherever the starting code ends up.
// Vite does this for browser workers only.
function serverWorkers(): Plugin {
  const source = /new URL\("\.\/([\w.-]+)\.worker\.ts", import\.meta\.url\)/g;
  const placeholder = /"__SERVER_WORKER__\/([\w.-]+\.js)"/g;
  return {
    name: "capsiva:server-workers",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform: {
      filter: { code: /\.worker\.ts"/ },
      handler(code, id) {
        const out = code.replace(source, (_match, name: string) => {
          const fileName = `${name}-worker.js`;
          this.emitFile({ type: "chunk", id: join(dirname(id), `${name}.worker.ts`), fileName });
          return `new URL("__SERVER_WORKER__/${fileName}", import.meta.url)`;
        });
        return out === code ? null : out;
      },
    },
    renderChunk(code, chunk) {
      if (!code.includes("__SERVER_WORKER__/")) return null;
      return code.replace(placeholder, (_match, fileName: string) => {
        const path = relative(dirname(chunk.fileName), fileName);
        return JSON.stringify(path.startsWith(".") ? path : `./${path}`);
      });
    },
  };
}

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
                  test: /node_modules\/(lucide|clsx|class-variance-authority)\/|\/app\/(lib\/(cn|seo|relative-time|use-hydrated|use-action-toast|json-ld|featured)|components\/(app-shell|icons|auth-broadcast|not-found-content|relative-time|pending-view|ui\/(sidebar|tooltip|toast|button-variants|badge)))\.tsx?$|preload-helper/,
                },
                // Form fields, buttons and pagination: in one file for the pages with forms or
                // lists, kept out of the shell so that the home page and the guides do not load them.
                {
                  name: "forms",
                  test: /node_modules\/@radix-ui\/react-(slot|compose-refs)\/|\/app\/components\/(form-field|pagination|ui\/(button|input))\.tsx?$/,
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
  ssr: { noExternal: ["lucide", "radix-ui", /^@radix-ui\//] },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets(), shareImages(), serverWorkers()],
});
