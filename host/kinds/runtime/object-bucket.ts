// ObjectBucket (edge.objects) -> a workerd R2 bucket whose id is tenant-qualified, persisted under
// DATA/runtime/objects by the one Miniflare instance (r2Persist).

import type { ResourceRecord } from "../../store/records.js";
import { storageId } from "../../runtime/names.js";

export function bucketId(bucket: ResourceRecord): string {
  return storageId(bucket);
}
