// Diagnostics are values: handlers collect and return them, never throw them.
// An error diagnostic with an attribute path is shown by Terraform on the
// configuration line of that attribute.
import type { Diagnostic as ProtoDiagnostic } from "../proto/types.js";
import type { Writable } from "../proto/codec.js";
import { pathToProto, type AttributePath } from "./path.js";

export type Severity = "error" | "warning";

export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail: string;
  readonly path?: AttributePath;
}

export function errorDiag(summary: string, detail = "", path?: AttributePath): Diagnostic {
  return path ? { severity: "error", summary, detail, path } : { severity: "error", summary, detail };
}

export function warningDiag(summary: string, detail = "", path?: AttributePath): Diagnostic {
  return path ? { severity: "warning", summary, detail, path } : { severity: "warning", summary, detail };
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

export function diagnosticToProto(d: Diagnostic): Writable<ProtoDiagnostic> {
  const out: Writable<ProtoDiagnostic> = { severity: d.severity === "error" ? "ERROR" : "WARNING", summary: d.summary, detail: d.detail };
  if (d.path && d.path.length > 0) out.attribute = pathToProto(d.path);
  return out;
}

export function diagnosticsToProto(diags: readonly Diagnostic[]): Writable<ProtoDiagnostic>[] {
  return diags.map(diagnosticToProto);
}

/** An unexpected failure inside the provider, as an error diagnostic rather than a gRPC failure. */
export function internalErrorDiag(what: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  return errorDiag(
    `${what} failed inside the takoform provider`,
    `${message}\n\nThis is a bug in the provider; please report it with the Terraform log (TF_LOG=debug).`,
  );
}
