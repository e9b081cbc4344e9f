import { svelte } from "@sveltejs/vite-plugin-svelte";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The build goes into the Python package, which serves it (and ships it in the wheel).
const outDir = fileURLToPath(new URL("../ludoteca/server/static/app", import.meta.url));

export default defineConfig({
  plugins: [svelte()],
  base: "/app/",
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // One small bundle: the client is a single page.
    chunkSizeWarningLimit: 400,
  },
  server: {
    // `npm run dev` talks to a `ludoteca serve` on port 8000.
    proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } },
  },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
  },
});
