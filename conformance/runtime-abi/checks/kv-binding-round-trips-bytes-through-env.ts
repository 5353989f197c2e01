// Runtime ABI check kv-binding-round-trips-bytes-through-env (procedure kvRoundTrip).

import { defineRuntimeCheck } from "../check.js";
import { kvRoundTrip } from "../procedures.js";

export default defineRuntimeCheck("bytes put through env.CACHE read back unchanged, under a key only this run wrote", kvRoundTrip);
