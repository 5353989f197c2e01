// EdgeKVNamespace -> a workerd KV namespace whose id is tenant-qualified (names.ts storageId),
// persisted under DATA/runtime/kv by the one Miniflare instance (kvPersist).

import type { ResourceRecord } from "../../store/records.js";
import { storageId } from "../../runtime/names.js";

export function kvNamespaceId(namespace: ResourceRecord): string {
  return storageId(namespace);
}
