import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // The tests run route modules as the server does (`src/globals.d.ts`).
  define: { __SERVER__: 'true' },
  test: { include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'], environment: 'node' },
});
