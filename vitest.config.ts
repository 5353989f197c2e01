import { defineConfig } from "vitest/config";

// Two cores on every machine here: keep file parallelism small, and give
// process-spawning tests (host, terraform) room.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
