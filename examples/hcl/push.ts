// `npx tsx push.ts`: uploads worker/ as a WorkerBundle to the host named by TAKOFORM_ENDPOINT
// (TAKOFORM_TOKEN) and writes its digest to ./artifacts.auto.tfvars.json (run it from the
// configuration's directory) for terraform.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workerBundle } from "../edge-app/lib/artifact.js";
import { uploadAll } from "../edge-app/lib/upload.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const endpoint = process.env["TAKOFORM_ENDPOINT"];
if (endpoint === undefined || endpoint === "") {
  console.error("push: set TAKOFORM_ENDPOINT (and TAKOFORM_TOKEN) to the host");
  process.exit(2);
}
const bundle = workerBundle(path.join(here, "worker"));
await uploadAll([bundle], { endpoint, token: process.env["TAKOFORM_TOKEN"] });
writeFileSync(path.resolve("artifacts.auto.tfvars.json"), JSON.stringify({ bundle_digest: bundle.manifestDigest }, null, 2) + "\n");
console.log(`bundle_digest = ${bundle.manifestDigest}`);
