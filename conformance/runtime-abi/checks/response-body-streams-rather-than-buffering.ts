// Runtime ABI check response-body-streams-rather-than-buffering (procedure responseStream).

import { defineRuntimeCheck } from "../check.js";
import { responseStream } from "../streaming.js";

export default defineRuntimeCheck("the response body leaves as the handler produces it", responseStream);
