// The Node side of the storage quota (ADR 0303): the binding a store's writer worker
// (storage-writer.ts) asks before it writes and tells after. Only host-written workers hold it;
// the byte counts it receives were taken outside the tenant's isolate.

import { json, tagged, type NodeBinding } from "./projection.js";
import { quotaMessage, type StorageLedger } from "./storage-quota.js";

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The binding of the writer of store `holder` (its storage id): its grants are the store's. */
export function storageBinding(tenant: string, ledger: StorageLedger, holder: string): NodeBinding {
  return tagged(`storage:${tenant}:${holder}`, async (request) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json().catch(() => ({}))) as { bytes?: unknown; most?: unknown; grant?: unknown; stored?: unknown };
    if (path === "/admit") {
      const bytes = count(body.bytes);
      if (bytes === undefined) return json({ error: { code: "invalid_body", message: "admit: bytes must be a whole number" } }, 400);
      const verdict = await ledger.admit(tenant, bytes, Math.max(bytes, count(body.most) ?? bytes), holder);
      if (verdict.admitted) return json({ grant: verdict.grant, bytes: verdict.bytes });
      return json({ error: { code: "backend_unavailable", message: quotaMessage(tenant, bytes, verdict.used, verdict.limit) } });
    }
    if (path === "/settle") {
      const grant = count(body.grant);
      const stored = count(body.stored);
      if (grant !== undefined && stored !== undefined) ledger.settle(tenant, grant, stored);
      return json({ ok: true });
    }
    return json({ error: { code: "invalid_body", message: `no storage operation ${path}` } }, 404);
  });
}
