import { defineConfig } from "vitest/config";

// Two cores on every machine here: keep file parallelism small, and give
// process-spawning tests (host, terraform) room.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One line when ../shared/reference is absent; an error under TAKOFORM_REQUIRE_REFERENCE=1.
    globalSetup: ["test/support/reference-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
