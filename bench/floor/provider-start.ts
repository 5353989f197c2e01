// What the provider floor's launcher runs: floor.cjs beside this file (bench/floor/provider.ts,
// bundled) through a V8 code cache kept beside it, as the takoform provider's start.cjs runs its
// bundle (launch/code-cache.ts; a process that served writes the cache at exit; a profiled
// process, FLOOR_NODE_FLAGS, keeps its own).
import { join } from "node:path";
import { cacheFileForFlags, runBundle } from "../../launch/code-cache.js";

const SIGTERM_EXIT = 143;
runBundle(join(__dirname, "floor.cjs"), {
  cacheFile: cacheFileForFlags(join(__dirname, "floor.cjs.cache")),
  useCache: true,
  keep: (code) => code === 0 || code === SIGTERM_EXIT,
});
