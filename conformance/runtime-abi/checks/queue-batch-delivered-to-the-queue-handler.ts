// Runtime ABI check queue-batch-delivered-to-the-queue-handler (procedure queueRoundTrip).

import { defineRuntimeCheck } from "../check.js";
import { queueRoundTrip } from "../procedures.js";

export default defineRuntimeCheck("a message sent through env.EVENTS reaches the queue handler: queue name, bytes, id, attempts 1", queueRoundTrip);
