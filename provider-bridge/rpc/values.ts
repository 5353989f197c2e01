// Decoding request values and encoding response values against a schema,
// with failures turned into diagnostics instead of gRPC errors.
import { errorDiag, type Diagnostic } from "../framework/diagnostics.js";
import type { DynamicValue } from "../proto/types.js";
import type { CompiledSchema } from "../schema/compiled.js";
import { decodeDynamicValue, encodeDynamicValue } from "../wire/dynamic-value.js";
import { isCtyObject, isWhollyKnown, type CtyObject } from "../wire/value.js";

export class ValueError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.summary);
  }
}

/** A request value as an object of the schema's block type, or null. */
export function decodeObject(schema: CompiledSchema, dv: DynamicValue | undefined, what: string): CtyObject | null {
  let v;
  try {
    v = decodeDynamicValue(schema.block.type, dv);
  } catch (err) {
    throw new ValueError(errorDiag(`Invalid ${what} from Terraform`, (err as Error).message));
  }
  if (v === null) return null;
  if (!isCtyObject(v)) throw new ValueError(errorDiag(`Invalid ${what} from Terraform`, `The ${what} is not an object.`));
  return v;
}

export function encodeObject(schema: CompiledSchema, value: CtyObject | null, what: string): { msgpack: Uint8Array } {
  try {
    return encodeDynamicValue(schema.block.type, value);
  } catch (err) {
    throw new ValueError(errorDiag(`The takoform provider produced an invalid ${what}`, `${(err as Error).message}\n\nThis is a bug in the provider.`));
  }
}

/** State returned to Terraform must be wholly known. */
export function requireKnown(value: CtyObject | null, what: string): void {
  if (value !== null && !isWhollyKnown(value)) {
    throw new ValueError(
      errorDiag(`The takoform provider returned an incomplete ${what}`, `The ${what} still contains unknown values.\n\nThis is a bug in the provider.`),
    );
  }
}
