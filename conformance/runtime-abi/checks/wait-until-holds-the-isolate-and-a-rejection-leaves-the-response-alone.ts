// Runtime ABI check wait-until-holds-the-isolate-and-a-rejection-leaves-the-response-alone (procedure waitUntil).

import { defineRuntimeCheck } from "../check.js";
import { waitUntil } from "../procedures.js";

export default defineRuntimeCheck("a rejected waitUntil task leaves the response alone and a later task still settles", waitUntil);
