// Runtime ABI check declared-handler-not-exported-refused (procedure load).

import { defineRuntimeCheck } from "../check.js";
import { load } from "../procedures.js";

export default defineRuntimeCheck("declaring scheduled on fetch-only bytes fails handler_not_exported, derived from the bytes", load);
