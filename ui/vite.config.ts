import { defineConfig } from "vitest/config";

// Preact without a plugin: the JSX transform of Vite's own compiler is pointed
// at preact, and react/react-dom resolve to preact/compat for any React library.
export default defineConfig({
  oxc: {
    jsx: { runtime: "automatic", importSource: "preact" },
  },
  resolve: {
    alias: {
      react: "preact/compat",
      "react-dom/test-utils": "preact/test-utils",
      "react-dom": "preact/compat",
      "react/jsx-runtime": "preact/jsx-runtime",
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    // Fonts and images stay files, so the served CSS never carries data: fonts.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  test: {
    include: ["src/**/*.test.ts"],
    environment: "node",
  },
});
