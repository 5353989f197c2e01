// Plan-time host capability (reference decision 0031), the pure part: given
// the host's answers about the exact FormRef a plan addresses and the binding
// contracts the planned values use, which planned values this host cannot
// carry. Each refusal is an error at the attribute it is about and states the
// identity, that nothing was sent, what the host said and the repair
// (decision 0032). Silence is not denial: a member the profile omits decides
// nothing, and an unreadable support surface is a warning.
import { errorDiag, warningDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { AttributePath, PathStep } from "../framework/path.js";
import type { AttributeModel, ExactFormRef, ResourceModel } from "../model/types.js";
import { CtyDecimal, isCtyObject, isUnknown, type CtyObject, type CtyValue } from "../wire/value.js";
import type { SupportAnswer, SupportProfile } from "../client/support.js";

type BindingRef = NonNullable<AttributeModel["binding"]>;

export const NOTHING_SENT = "nothing (plan-time capability check; no mutation was sent)";

export interface CapabilityInput {
  model: ResourceModel;
  ref: ExactFormRef;
  planned: CtyObject;
  /** identityText of the resource: type, space/name, kind, exact ref. */
  who: string;
  form: SupportAnswer;
  /** Answers of the binding support route, by "name@version", for every binding used. */
  bindings: ReadonlyMap<string, SupportAnswer>;
  /** For artifact resources planned from local files: the bundle's total bytes and file count. */
  bundle?: { bytes: number; files: number };
}

const SAME_CONFIG = "The same configuration applies unchanged on a host that implements it.";

export function bindingKey(b: BindingRef): string {
  return `${b.name}@${b.version}`;
}

/** Binding contracts the planned values actually use: a known, non-empty list under a binding. */
export function usedBindings(model: ResourceModel, planned: CtyObject): { attribute: AttributeModel; binding: BindingRef }[] {
  const out: { attribute: AttributeModel; binding: BindingRef }[] = [];
  for (const attribute of model.attributes) {
    if (!attribute.binding) continue;
    const v = planned[attribute.name] ?? null;
    if (v === null || isUnknown(v)) continue;
    const count = Array.isArray(v) ? v.length : isCtyObject(v) ? Object.keys(v).length : 1;
    if (count > 0) out.push({ attribute, binding: attribute.binding });
  }
  return out;
}

function refText(r: ExactFormRef): string {
  return `${r.kind} ${r.definitionVersion} (${r.schemaDigest})`;
}

function refusal(input: CapabilityInput, summary: string, said: string, repair: string, path?: AttributePath): Diagnostic {
  return errorDiag(summary, `${input.who}; sent ${NOTHING_SENT}.\n${said}\n\n${repair} ${SAME_CONFIG}`, path);
}

function undecided(input: CapabilityInput, answer: SupportAnswer & { kind: "unreadable" }, what: string): Diagnostic {
  return warningDiag(
    `Cannot read the host's support profile for ${input.model.kind}`,
    `${input.who}: GET {api}/${answer.path} failed (${answer.message}), so the plan could not decide ${what}. Apply remains the backstop and refuses what the host cannot do.`,
  );
}

function formChecks(input: CapabilityInput, profile: SupportProfile): Diagnostic[] {
  const { model, ref } = input;
  const out: Diagnostic[] = [];
  const at: AttributePath = [{ attribute: "status_json" }];
  const served = profile.formRef;
  if (served && (served.apiVersion !== ref.apiVersion || served.kind !== ref.kind || served.schemaDigest !== ref.schemaDigest)) {
    out.push(
      refusal(
        input,
        `The host does not support ${refText(ref)}`,
        `The host's support profile for ${ref.kind} ${ref.definitionVersion} names schemaDigest ${String(served.schemaDigest)}: a different definition under the same version, so this exact FormRef is not installed.`,
        "Use a host that installs this exact Form definition, or a provider version whose contract the host carries.",
        at,
      ),
    );
    return out;
  }
  if (Array.isArray(profile.operations)) {
    const needed = ["create", "read", "delete", ...((model.capabilities[ref.definitionVersion] ?? []).includes("update") ? ["update"] : [])];
    const missing = needed.filter((op) => !profile.operations!.includes(op));
    if (missing.length > 0) {
      out.push(
        refusal(
          input,
          `The host does not offer ${missing.join(", ")} for ${ref.kind}`,
          `The host's support profile lists operations [${profile.operations.join(", ")}] for ${refText(ref)}; Terraform needs ${needed.join(", ")}.`,
          "Use a host whose profile covers the whole lifecycle of this Form.",
          at,
        ),
      );
    }
  }
  for (const attribute of model.attributes) {
    const value = input.planned[attribute.name] ?? null;
    if (value === null || isUnknown(value)) continue;
    const allowed = profile.supportedEnums?.[attribute.wireName];
    if (Array.isArray(allowed)) out.push(...enumChecks(input, attribute, value, allowed));
    const range = profile.supportedRanges?.[attribute.wireName];
    if (range) out.push(...rangeChecks(input, attribute, value, range));
    const ceiling = profile.limits?.[`maximum${attribute.wireName[0]!.toUpperCase()}${attribute.wireName.slice(1)}`];
    const count = Array.isArray(value) ? value.length : isCtyObject(value) ? Object.keys(value).length : undefined;
    if (typeof ceiling === "number" && count !== undefined && count > ceiling) {
      out.push(
        refusal(
          input,
          `${attribute.name} exceeds this host's ceiling`,
          `${attribute.name} has ${count} entries; the host's support profile publishes ${`maximum${attribute.wireName[0]!.toUpperCase()}${attribute.wireName.slice(1)}`} = ${ceiling}.`,
          `Keep ${attribute.name} to at most ${ceiling} entries on this host.`,
          [{ attribute: attribute.name }],
        ),
      );
    }
  }
  out.push(...bundleChecks(input, profile));
  return out;
}

function enumChecks(input: CapabilityInput, attribute: AttributeModel, value: CtyValue, allowed: string[]): Diagnostic[] {
  const items: [CtyValue, PathStep[]][] = Array.isArray(value)
    ? value.map((v, i) => [v, [{ attribute: attribute.name }, { index: i }]])
    : [[value, [{ attribute: attribute.name }]]];
  const out: Diagnostic[] = [];
  for (const [item, path] of items) {
    if (typeof item !== "string" || allowed.includes(item)) continue;
    out.push(
      refusal(
        input,
        `This host does not support ${attribute.name} "${item}"`,
        `The host's support profile accepts ${attribute.wireName} values [${allowed.join(", ")}] for ${refText(input.ref)}; "${item}" is a value the Form admits but this host does not implement.`,
        `Choose one of ${allowed.map((a) => `"${a}"`).join(", ")}, or use a host that implements "${item}".`,
        path,
      ),
    );
  }
  return out;
}

function numeric(v: CtyValue | number | string): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof CtyDecimal) return Number(v.text);
  return undefined;
}

function outside(value: CtyValue, bound: number | string, below: boolean): boolean {
  if (typeof bound === "string" && typeof value === "string") return below ? value < bound : value > bound; // ISO 8601 dates
  const v = numeric(value);
  const b = typeof bound === "number" ? bound : Number(bound);
  if (v === undefined || Number.isNaN(b)) return false;
  return below ? v < b : v > b;
}

function rangeChecks(
  input: CapabilityInput,
  attribute: AttributeModel,
  value: CtyValue,
  range: { minimum?: number | string; maximum?: number | string },
): Diagnostic[] {
  const low = range.minimum !== undefined && outside(value, range.minimum, true);
  const high = range.maximum !== undefined && outside(value, range.maximum, false);
  if (!low && !high) return [];
  const bounds = `${range.minimum ?? "-∞"}..${range.maximum ?? "+∞"}`;
  const shown = typeof value === "string" ? `"${value}"` : String(value);
  return [
    refusal(
      input,
      `This host does not support ${attribute.name} = ${shown}`,
      `The host's support profile accepts ${attribute.wireName} in the inclusive range ${bounds} for ${refText(input.ref)}; ${shown} is a value the Form admits but this host does not.`,
      `Choose a value in ${bounds}, or use a host whose range includes it.`,
      [{ attribute: attribute.name }],
    ),
  ];
}

function bundleChecks(input: CapabilityInput, profile: SupportProfile): Diagnostic[] {
  const out: Diagnostic[] = [];
  const b = input.bundle;
  if (!b) return out;
  const maxBytes = profile.limits?.["maximumBundleBytes"];
  const maxFiles = profile.limits?.["maximumBundleFiles"];
  if (typeof maxBytes === "number" && b.bytes > maxBytes) {
    out.push(
      refusal(
        input,
        "source_dir exceeds this host's bundle size",
        `The files in source_dir total ${b.bytes} bytes; the host's support profile publishes maximumBundleBytes = ${maxBytes}. Nothing was uploaded.`,
        `Keep the bundle within ${maxBytes} bytes on this host.`,
        [{ attribute: "source_dir" }],
      ),
    );
  }
  if (typeof maxFiles === "number" && b.files > maxFiles) {
    out.push(
      refusal(
        input,
        "source_dir has more files than this host accepts",
        `source_dir holds ${b.files} files; the host's support profile publishes maximumBundleFiles = ${maxFiles}. Nothing was uploaded.`,
        `Keep the bundle within ${maxFiles} files on this host.`,
        [{ attribute: "source_dir" }],
      ),
    );
  }
  return out;
}

function bindingChecks(input: CapabilityInput, formProfile: SupportProfile | undefined): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { attribute, binding } of usedBindings(input.model, input.planned)) {
    const key = bindingKey(binding);
    const at: AttributePath = [{ attribute: attribute.name }];
    const listed = formProfile?.supportedBindings;
    const answer = input.bindings.get(key);
    const repair = `Remove ${attribute.name} from this resource, or use a host that implements ${key}.`;
    if (answer?.kind === "refused") {
      out.push(
        refusal(
          input,
          `This host does not implement the binding contract ${key}`,
          `GET {api}/${answer.path} answered ${answer.code} (HTTP ${answer.status}): ${answer.message}`,
          repair,
          at,
        ),
      );
    } else if (
      answer?.kind === "profile" &&
      answer.profile.bindingRef?.schemaDigest !== undefined &&
      answer.profile.bindingRef.schemaDigest !== binding.schemaDigest
    ) {
      out.push(
        refusal(
          input,
          `This host implements a different ${key}`,
          `The host's binding profile names schemaDigest ${answer.profile.bindingRef.schemaDigest}; ${attribute.name} is governed by ${key} at ${binding.schemaDigest}.`,
          repair,
          at,
        ),
      );
    } else if (Array.isArray(listed) && !listed.includes(key)) {
      out.push(
        refusal(
          input,
          `This host does not implement the binding contract ${key} for ${input.model.kind}`,
          `The host's support profile for ${refText(input.ref)} lists supportedBindings [${listed.join(", ")}], without ${key}.`,
          repair,
          at,
        ),
      );
    } else if (answer?.kind === "unreadable") {
      out.push(undecided(input, answer, `whether it implements ${key}`));
    }
  }
  return out;
}

/** Every capability diagnostic for one planned resource. */
export function capabilityDiagnostics(input: CapabilityInput): Diagnostic[] {
  const { form, ref } = input;
  if (form.kind === "refused") {
    return [
      refusal(
        input,
        `The host does not support ${refText(ref)}`,
        `GET {api}/${form.path} answered ${form.code} (HTTP ${form.status}): ${form.message}`,
        `Use a host that installs ${ref.kind} ${ref.definitionVersion}, or remove this resource from the configuration.`,
        [{ attribute: "status_json" }],
      ),
    ];
  }
  if (form.kind === "unreadable") return [undecided(input, form, `whether it supports ${refText(ref)}`), ...bindingChecks(input, undefined)];
  return [...formChecks(input, form.profile), ...bindingChecks(input, form.profile)];
}
