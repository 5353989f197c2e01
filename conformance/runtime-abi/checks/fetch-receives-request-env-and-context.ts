// Runtime ABI check fetch-receives-request-env-and-context (procedure request).

import { defineRuntimeCheck } from "../check.js";
import { request } from "../procedures.js";

export default defineRuntimeCheck("fetch is invoked as (request, env, ctx) with a Request, the env object and ctx.waitUntil", request);
