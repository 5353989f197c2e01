// Runtime ABI check fetch-returns-a-response (procedure request).

import { defineRuntimeCheck } from "../check.js";
import { request } from "../procedures.js";

export default defineRuntimeCheck("the Response the handler returns (after its promise settles) is what the caller receives", request);
