import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds live side by side (e.g. parallel browser-test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
