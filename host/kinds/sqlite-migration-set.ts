// SQLiteMigrationSet: an artifact-backed kind; its manifestDigest must name a manifest of the kind it requires
// that the caller's tenant committed (artifact-support.ts).

import { manifestBacked } from "./artifact-support.js";
import type { KindBehaviour } from "./behaviour.js";

export const sqliteMigrationSet: KindBehaviour = manifestBacked;
