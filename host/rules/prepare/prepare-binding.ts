// Lifecycle (checks: prepare-binds-exact-spec, prepare-substitution-rejected,
// stale-prepare-rejected, prepare-is-tenant-scoped): "prepare binds the exact spec, identity, and
// fences to a prepareDigest ... substitution after prepare fails invalid_argument before
// mutation."
//
// The digest is an HMAC, under a secret only this host holds, of the canonical binding: the
// AUTHENTICATED TENANT (never the principal: another principal of the tenant may spend it), the
// space, the exact FormRef, the name, the specDigest of the materialized spec, the uid and
// generation of the incarnation it was prepared against (create markers "" and "0" when the name
// was free), and the time window it was minted in. Apply recomputes the binding from the store as
// it is and accepts the digest only when it matches, within its window or the one before it, so a
// review is short-lived (15 to 30 minutes), cannot be forged, and survives a host restart.
// See docs/decisions/0021-stateless-prepare-binding.md.

import { createHmac, timingSafeEqual } from "node:crypto";
import type { ExactFormRef } from "../../../corpus/lib/index.js";
import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export const PREPARE_WINDOW_MS = 15 * 60 * 1000;
export const CREATE_UID_MARKER = "";
export const CREATE_GENERATION_MARKER = "0";

export interface PrepareBinding {
  tenant: string;
  space: string;
  ref: ExactFormRef;
  name: string;
  specDigest: string;
  uid: string;
  generation: string;
}

export function prepareWindow(now: Date): number {
  return Math.floor(now.getTime() / PREPARE_WINDOW_MS);
}

/**
 * The canonical text of a binding (RFC 8785). Every member is a string or an integer and the
 * members are written in RFC 8785's order (by UTF-16 code units: formRef before format), so JSON.stringify writes the
 * canonical text itself: the same bytes canonicalJson gives for this document
 * (test/unit/host/prepare-binding-text.test.ts), at a fifth of its cost on every prepare and apply.
 */
export function prepareBindingText(binding: PrepareBinding, window: number): string {
  return JSON.stringify({
    formRef: {
      apiVersion: binding.ref.apiVersion,
      definitionVersion: binding.ref.definitionVersion,
      kind: binding.ref.kind,
      schemaDigest: binding.ref.schemaDigest,
    },
    format: "takoform-prepare-binding@1",
    generation: binding.generation,
    name: binding.name,
    space: binding.space,
    specDigest: binding.specDigest,
    tenant: binding.tenant,
    uid: binding.uid,
    window,
  });
}

export function prepareDigest(secret: Uint8Array, binding: PrepareBinding, window: number): string {
  return "sha256:" + createHmac("sha256", secret).update(prepareBindingText(binding, window)).digest("hex");
}

export function prepareBindingHolds(secret: Uint8Array, binding: PrepareBinding, presented: string, now: Date): RuleOutcome {
  const window = prepareWindow(now);
  for (const candidate of [window, window - 1]) {
    const expected = Buffer.from(prepareDigest(secret, binding, candidate));
    const given = Buffer.from(presented);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return accept();
  }
  return refuse.invalid_argument(
    "review.prepareDigest does not bind this request: the spec, identity, tenant, space or generation " +
      "differs from what was prepared, or the review expired; prepare again",
  );
}
