// Runtime ABI check request-body-streams-rather-than-buffering (procedure requestStream).

import { defineRuntimeCheck } from "../check.js";
import { requestStream } from "../streaming.js";

export default defineRuntimeCheck("the request body reaches the handler as a stream, before the body ends", requestStream);
