// Runtime ABI check main-module-missing-refused (procedure load).

import { defineRuntimeCheck } from "../check.js";
import { load } from "../procedures.js";

export default defineRuntimeCheck("a mainModule the bundle does not carry fails module_not_found, never a fallback", load);
