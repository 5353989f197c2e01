// Resource identity (check: delete-generation-fence) and the operation table: delete and observe
// REQUIRE the Takoform-Expected-Generation fence; an absent one is invalid_argument (400).

import { refuse, type HostError } from "../../errors.js";
import { isCanonicalDecimal } from "../../wire/decimal.js";

export function requiredGenerationFence(header: string | undefined, action: string): string | HostError {
  if (header === undefined) {
    return refuse.invalid_argument(`${action} requires the Takoform-Expected-Generation fence`);
  }
  if (!isCanonicalDecimal(header)) {
    return refuse.invalid_argument("Takoform-Expected-Generation must be a canonical decimal in 1..9223372036854775807");
  }
  return header;
}
