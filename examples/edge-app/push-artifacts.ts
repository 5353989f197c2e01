// `npx tsx push-artifacts.ts`: uploads the example's bundles, assets and migrations to the host
// named by TAKOFORM_ENDPOINT (with TAKOFORM_TOKEN), the same variables the provider reads.
import { allArtifacts } from "./artifacts.js";
import { uploadAll } from "./lib/upload.js";

const endpoint = process.env["TAKOFORM_ENDPOINT"];
if (endpoint === undefined || endpoint === "") {
  console.error("push-artifacts: set TAKOFORM_ENDPOINT (and TAKOFORM_TOKEN) to the host");
  process.exit(2);
}
const digests = await uploadAll(allArtifacts, { endpoint, token: process.env["TAKOFORM_TOKEN"] });
allArtifacts.forEach((a, i) => console.log(`${a.kind.padEnd(18)} ${digests[i]}`));
