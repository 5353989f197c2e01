// Runtime ABI check unsupported-module-media-type-refused (procedure load).

import { defineRuntimeCheck } from "../check.js";
import { load } from "../procedures.js";

export default defineRuntimeCheck("a bundle with a text/html module fails unsupported_media_type instead of loading with the entry ignored", load);
