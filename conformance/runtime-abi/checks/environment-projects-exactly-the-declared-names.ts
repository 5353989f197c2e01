// Runtime ABI check environment-projects-exactly-the-declared-names (procedure environment).

import { defineRuntimeCheck } from "../check.js";
import { environment } from "../procedures.js";

export default defineRuntimeCheck("env's own properties are exactly the vars, sensitive vars and binding names declared", environment);
