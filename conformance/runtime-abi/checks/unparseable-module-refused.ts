// Runtime ABI check unparseable-module-refused (procedure load).

import { defineRuntimeCheck } from "../check.js";
import { load } from "../procedures.js";

export default defineRuntimeCheck("bytes that are not a compilable ES module fail module_syntax_error at load time", load);
