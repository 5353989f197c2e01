// Runtime ABI check module-loads-and-exports-are-derived-from-bytes (procedure load).

import { defineRuntimeCheck } from "../check.js";
import { load } from "../procedures.js";

export default defineRuntimeCheck("the conformance bundle loads and the loader reports the handlers its bytes export (fetch, scheduled, queue)", load);
