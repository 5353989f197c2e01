// Runtime ABI check service-request-body-streams-to-the-callee (procedure requestStream).

import { defineRuntimeCheck } from "../check.js";
import { requestStream } from "../streaming.js";

export default defineRuntimeCheck("env.PEER.fetch streams the request to the peer worker (answers stamped by the peer)", requestStream);
