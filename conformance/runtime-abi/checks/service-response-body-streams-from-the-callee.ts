// Runtime ABI check service-response-body-streams-from-the-callee (procedure responseStream).

import { defineRuntimeCheck } from "../check.js";
import { responseStream } from "../streaming.js";

export default defineRuntimeCheck("env.PEER.fetch streams the peer's response back (answers stamped by the peer)", responseStream);
