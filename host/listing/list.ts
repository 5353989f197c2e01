// The resource listing (host extension; host/README.md "Resource listing"): one page of the
// caller's resources, in store key order (space, apiVersion, kind, name), read like a lane read:
// without the tenant lock, which it takes only to store a changed migration rendering. Every key
// read is built from the request's TenantScope (keys.ts), so the page holds only the caller's
// tenant; the cursor only positions inside that prefix.

import type { HostError } from "../errors.js";
import type { HostContext } from "../lifecycle/context.js";
import { refreshedForRead } from "../lifecycle/admission/ledger-rendering.js";
import { viewFor } from "../lifecycle/admission/tenant-view.js";
import { relationDrift } from "../rules/relations/relation-drift.js";
import { spaceResourcesPrefix, tenantResourcesPrefix } from "../store/keys.js";
import type { ResourceRecord } from "../store/records.js";
import type { TenantScope } from "../store/scope.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { listedResource, type ListedResource } from "./entry.js";
import type { ListingQuery } from "./query.js";

export interface ListingPage {
  resources: ListedResource[];
  /** Present when more resources follow; pass it as cursor for the next page. */
  nextCursor?: string;
}

export async function listResources(ctx: HostContext, scope: TenantScope, query: ListingQuery): Promise<ListingPage | HostError> {
  const tenantPrefix = tenantResourcesPrefix(scope);
  let after: string | undefined;
  if (query.cursor !== undefined) {
    const suffix = decodeCursor(query.cursor, query.space);
    if (typeof suffix !== "string") return suffix;
    after = tenantPrefix + suffix;
  }
  const prefix = query.space === undefined ? tenantPrefix : spaceResourcesPrefix(scope, query.space);
  const view = viewFor(ctx, scope);
  const page: ListedResource[] = [];
  let nextCursor: string | undefined;
  let lastSuffix = "";
  for (const entry of ctx.store.list<ResourceRecord>(prefix)) {
    if (after !== undefined && entry.key <= after) continue;
    if (query.kind !== undefined && entry.value.ref.kind !== query.kind) continue;
    if (page.length === query.limit) {
      nextCursor = encodeCursor(lastSuffix);
      break;
    }
    // Exactly as a read renders it: a migration application's Ready follows its database's ledger
    // now, and a changed rendering is stored like a read stores it (ledger-rendering.ts).
    const record = await refreshedForRead(ctx, scope, { key: entry.key, record: entry.value, version: entry.version });
    const drift = relationDrift(record.space, record.relations ?? [], view);
    page.push(listedResource(record, drift.drifted ? drift.findings : []));
    lastSuffix = entry.key.slice(tenantPrefix.length);
  }
  return nextCursor === undefined ? { resources: page } : { resources: page, nextCursor };
}
