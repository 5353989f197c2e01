// Test-only conformance probes (host/README.md), honoured ONLY when the host was started with
// --conformance-probes; otherwise the header is ignored like any unknown header.
//
//   Takoform-Conformance-Probe: error:<code>       answer this request with that error envelope
//   Takoform-Conformance-Probe: touch-status       observe records a host-side status change
//   Takoform-Conformance-Probe: external-change    delete acts as an out-of-band backend deletion
//   Takoform-Conformance-Probe: async              apply, import, delete, artifact commit answer 202

import type { RequestHandler } from "express";
import { isErrorCode } from "../../../corpus/lib/index.js";
import { refuse } from "../../errors.js";
import { headerOf, stateOf } from "../state.js";

export const PROBE_HEADER = "Takoform-Conformance-Probe";

export function conformanceProbes(enabled: boolean): RequestHandler {
  return function applyProbe(req, _res, next) {
    if (!enabled) return next();
    const probe = headerOf(req, PROBE_HEADER);
    if (probe === undefined) return next();
    if (probe.startsWith("error:")) {
      const code = probe.slice("error:".length);
      if (!isErrorCode(code)) return next(refuse.invalid_argument(`${PROBE_HEADER}: unknown error code ${JSON.stringify(code)}`));
      return next(refuse[code](`conformance probe: the host was asked to answer ${code}`, { hostCode: "conformance-probe" }));
    }
    if (probe === "touch-status" || probe === "external-change" || probe === "async") {
      stateOf(req).probe = probe;
      return next();
    }
    next(refuse.invalid_argument(`${PROBE_HEADER}: unknown probe ${JSON.stringify(probe)}`));
  };
}
