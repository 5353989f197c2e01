// The example's local artifacts: two worker bundles, the single-page app and the schema.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrations, staticAssets, workerBundle, type Artifact } from "./lib/artifact.js";

const here = path.dirname(fileURLToPath(import.meta.url));

export const shopBundle = workerBundle(path.join(here, "src/shop"));
export const authBundle = workerBundle(path.join(here, "src/auth"));
export const spaAssets = staticAssets(path.join(here, "public"));
export const schema = migrations(path.join(here, "migrations"));

export const allArtifacts: readonly Artifact[] = [shopBundle, authBundle, spaAssets, schema];
