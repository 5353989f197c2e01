// Runtime ABI check scheduled-invoked-by-the-host-cron-attachment (procedure scheduledObservation).

import { defineRuntimeCheck } from "../check.js";
import { scheduledObservation } from "../procedures.js";

export default defineRuntimeCheck("the cron attachment invokes scheduled with its expression and the UTC instant", scheduledObservation);
