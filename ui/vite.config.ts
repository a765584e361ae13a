import { defineConfig } from "vitest/config";

// The UI is written as React code (react, react-dom, wouter) and served as Preact: Vite's own JSX transform
// emits react/jsx-runtime, and every react/react-dom import, ours and the libraries', resolves to
// preact/compat, so the bytes stay Preact's. No plugin is needed.
export default defineConfig({
  oxc: {
    jsx: { runtime: "automatic", importSource: "react" },
  },
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
    ],
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
