// An adoption claims the native identity it names (check: import-claims-its-native-identity,
// decision 0011): at most one live resource of one tenant holds one native identity, across every
// space and every Form kind of that tenant; an adoption naming an identity another live resource
// of the tenant holds fails import_conflict (409) before any mutation. The claim stops at the
// tenant (the key is tenant-scoped), so the refusal can only ever name the caller's own holder.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export interface ClaimHolder {
  uid: string;
  space: string;
  kind: string;
  name: string;
}

export function nativeIdClaimExclusive(holder: ClaimHolder | undefined, selfUid: string | undefined): RuleOutcome {
  if (holder === undefined || holder.uid === selfUid) return accept();
  return refuse.import_conflict(
    `this native identity is already under management as ${holder.kind} ${JSON.stringify(holder.name)} ` +
      `in space ${JSON.stringify(holder.space)}; one native resource has one managed resource`,
  );
}
