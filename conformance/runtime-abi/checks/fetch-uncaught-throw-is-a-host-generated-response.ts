// Runtime ABI check fetch-uncaught-throw-is-a-host-generated-response (procedure uncaughtThrow).

import { defineRuntimeCheck } from "../check.js";
import { uncaughtThrow } from "../procedures.js";

export default defineRuntimeCheck("an uncaught throw completes the request with a host-generated 500", uncaughtThrow);
