// `npm run build`, last step: bundles the compiled `takoform host` into dist/host/bundle/host.cjs
// and warms its code cache (launch/build-host.ts, docs/decisions/0278-host-start-bundle.md).
// Without esbuild (a dev dependency) the host runs from the compiled modules, as before; that is
// said here and is not a failure.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { bundleHost } = await import(path.join(root, "dist", "launch", "build-host.js"));
const result = await bundleHost(root);
if (result.ok) {
  for (const note of result.notes) console.log(`host bundle: ${note}`);
  console.log(
    `host bundle: ${path.relative(root, result.file)} from ${result.inputs} modules${result.warmed ? ", code cache written" : ", code cache not written (the warm-up start did not exit cleanly)"}`,
  );
} else {
  console.log(`host bundle not built (takoform host runs from the compiled modules): ${result.reason}`);
}
