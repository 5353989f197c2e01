// What a cold provider process loads before its handshake line: Terraform waits for that line, so
// nothing only the host's client needs (node:https and node:http with it) may run before it. The
// bundle evaluates a module's imports when the module is first used, so one import of a constant
// from client/extra-ca.ts into the start path (a spare's session did, for EXTRA_CA_ENV) loaded
// node:https, node:http and its client into every process before the line.

import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyBuiltBundle, repo, startAndStop } from "./built-bundle.js";

// Beside the installation's bundle folder, so the stamp's relative paths name the same modules.
const bundleDir = join(repo, "dist/provider-bridge", `bundle-handshake-${process.pid}`);
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

/** Node's built-in modules loaded when the handshake line is written, reported by a preload on stderr. */
async function builtinsAtHandshake(): Promise<string[]> {
  const preload = join(bundleDir, "report-builtins.cjs");
  writeFileSync(
    preload,
    `const write = process.stdout.write.bind(process.stdout);
let reported = false;
process.stdout.write = (chunk, ...rest) => {
  if (!reported && String(chunk).startsWith("1|")) {
    reported = true;
    process.stderr.write("BUILTINS " + JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith("NativeModule "))) + "\\n");
  }
  return write(chunk, ...rest);
};
`,
  );
  const stderr = await startAndStop(bundleDir, { TAKOFORM_PROVIDER_CODE_CACHE: "off" }, ["--require", preload]);
  const report = stderr.split("\n").find((l) => l.startsWith("BUILTINS "));
  expect(report, stderr).toBeDefined();
  const builtins = JSON.parse(report!.slice("BUILTINS ".length)) as string[];
  return builtins.map((m) => m.slice("NativeModule ".length));
}

it("a cold provider writes its handshake line before it loads node's HTTP client", async () => {
  copyBuiltBundle(bundleDir, ["provider.cjs", "start.cjs", "provider.stamp.json"]);
  const loaded = await builtinsAtHandshake();
  // The report itself is real: what the line needs is there.
  expect(loaded).toEqual(expect.arrayContaining(["net", "crypto"]));
  for (const late of ["https", "http", "_http_client", "_http_agent"]) expect(loaded, late).not.toContain(late);
});
