// An adoption claims the native identity it names (check: import-records-its-native-identity,
// decision 0011): "A recorded claim is immutable. An import addressing an EXISTING resource of
// the caller under a different nativeId fails import_conflict (409) before any mutation." A
// resource holding no claim (one this host created) takes the first one it is handed.

import { refuse } from "../../errors.js";
import { accept, type RuleOutcome } from "../outcome.js";

export function nativeIdClaimImmutable(recorded: string | undefined, requested: string): RuleOutcome {
  if (recorded === undefined || recorded === requested) return accept();
  return refuse.import_conflict("this resource was adopted onto another native identity; an adoption never moves a managed resource to a different one");
}
