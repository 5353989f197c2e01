// Lifecycle, read (GET {api}/resources/...): the representation under its recorded exact FormRef,
// with the strong ETag of its revision.

import type { TenantScope } from "../../store/scope.js";
import { revisionETag } from "../../wire/decimal.js";
import { renderResource } from "../../wire/render-resource.js";
import { addressedResource, type NameAddress } from "./addressed.js";
import type { HostContext, LifecycleResponse } from "../context.js";
import { refreshedForRead } from "../admission/ledger-rendering.js";

export async function readResource(ctx: HostContext, scope: TenantScope, address: NameAddress): Promise<LifecycleResponse> {
  // A rendering that depends on a durable migration ledger is evaluated now (ledger-rendering.ts).
  const record = await refreshedForRead(ctx, scope, addressedResource(ctx, scope, address));
  return { status: 200, etag: revisionETag(record.revision), body: JSON.stringify(renderResource(record)) };
}
