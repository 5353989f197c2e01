// Runtime ABI check globals-floor-present (procedure globals).

import { defineRuntimeCheck } from "../check.js";
import { globals } from "../procedures.js";

export default defineRuntimeCheck("every global of the portable floor exists in the isolate", globals);
