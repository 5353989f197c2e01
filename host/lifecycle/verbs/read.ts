// Lifecycle, read (GET {api}/resources/...): the representation under its recorded exact FormRef,
// with the strong ETag of its revision. On an engine that answers stored text, the body rendered
// from the same text before is answered again (read-renderings.ts): no parse, no rendering, no
// JSON.stringify; the ref check runs on every read.

import type { TenantScope } from "../../store/scope.js";
import type { ResourceRecord } from "../../store/records.js";
import { revisionETag } from "../../wire/decimal.js";
import { renderResource } from "../../wire/render-resource.js";
import { addressedKey, addressedResource, recordAt, type NameAddress } from "./addressed.js";
import type { HostContext, LifecycleResponse } from "../context.js";
import { refreshedForRead } from "../admission/ledger-rendering.js";
import { renderingsOf } from "./read-renderings.js";

export async function readResource(ctx: HostContext, scope: TenantScope, address: NameAddress): Promise<LifecycleResponse> {
  if (ctx.store.getText === undefined) return render(await refreshedForRead(ctx, scope, addressedResource(ctx, scope, address)));
  const key = addressedKey(ctx, scope, address);
  const stored = ctx.store.getText(key);
  const renderings = renderingsOf(ctx.store);
  const known = stored === undefined ? undefined : renderings.get(key, stored.text);
  if (known !== undefined) return answer(recordAt(known, address).etag, known.body);
  const record = recordAt(stored === undefined ? undefined : (JSON.parse(stored.text) as ResourceRecord), address);
  // A rendering that depends on a durable migration ledger is evaluated now (ledger-rendering.ts)
  // and never kept: its text can stay the same while the answer moves.
  const current = await refreshedForRead(ctx, scope, { key, record, version: stored!.version });
  const response = render(current);
  if (current === record && ctx.kinds.of(record.ref)?.rendersOutsideStore !== true) {
    renderings.set(key, { text: stored!.text, ref: record.ref, etag: response.etag!, body: response.body });
  }
  return response;
}

function render(record: ResourceRecord): LifecycleResponse {
  return answer(revisionETag(record.revision), JSON.stringify(renderResource(record)));
}

function answer(etag: string, body: string): LifecycleResponse {
  return { status: 200, etag, body };
}
