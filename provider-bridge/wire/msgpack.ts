// cty values <-> MessagePack, driven by the cty type, the way Terraform's
// DynamicValue.msgpack carries them:
// - objects are maps holding every attribute (nil for null), keys sorted;
// - unknown is extension 0 with payload 0x00 (d4 00 00); a refined unknown
//   (extension 12) is kept byte for byte and written back unchanged;
// - numbers arrive as ints, floats or decimal strings and are never rounded;
// - a "dynamic" value is [bin(type JSON), value].
import { ctyTypeJson, parseCtyType, type CtyType } from "./cty-type.js";
import { MsgpackError, MsgpackReader, MsgpackWriter, type Token } from "./msgpack-io.js";
import { numberFromBigInt, numberFromText } from "./number.js";
import { CtyDecimal, ctyObject, DynamicVal, Unknown, type CtyValue } from "./value.js";
import { inferType } from "./infer.js";

export class CtyCodecError extends Error {}

const REFINED_UNKNOWN_EXT = 12;
const UNKNOWN_PAYLOAD = Uint8Array.of(0);
const MAX_EXT_PAYLOAD = 1024;

function where(path: string): string {
  return path === "" ? "value" : path;
}

// Paths are built only when a value fails: the failing level throws a Failure
// with the detail, and each level above adds its step on the way out (an
// attribute name, a list index or a map key). No path string per value.
type Step = string | number | { key: string };

class Failure extends Error {
  readonly steps: Step[] = [];
}

function within(err: unknown, step: Step): never {
  if (err instanceof Failure) err.steps.push(step);
  throw err;
}

function pathOf(steps: readonly Step[]): string {
  let path = "";
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (typeof s === "number") path += `[${s}]`;
    else if (typeof s === "string") path = path === "" ? s : `${path}.${s}`;
    else path += `[${JSON.stringify(s.key)}]`;
  }
  return path;
}

/** The CtyCodecError a Failure stands for, with the path it went up through. */
function codecError(err: unknown): unknown {
  if (err instanceof Failure) return new CtyCodecError(`${where(pathOf(err.steps))}: ${err.message}`);
  if (err instanceof MsgpackError) return new CtyCodecError(err.message);
  return err;
}

/** The attribute names of an object type, in the order msgpack writes them (sorted); computed once per type. */
const sortedNames = new WeakMap<object, readonly string[]>();
function namesOf(attributes: Record<string, CtyType>): readonly string[] {
  let names = sortedNames.get(attributes);
  if (names === undefined) sortedNames.set(attributes, (names = Object.keys(attributes).sort()));
  return names;
}

// ---------------------------------------------------------------- decode

function unknownFrom(tok: Extract<Token, { t: "ext" }>): Unknown {
  if (tok.data.length <= 1) return new Unknown();
  if (tok.type !== REFINED_UNKNOWN_EXT) throw new Failure(`unsupported msgpack extension ${tok.type}`);
  if (tok.data.length > MAX_EXT_PAYLOAD) throw new Failure("unknown value refinements too long");
  return new Unknown(tok.data.slice());
}

function decodeAt(r: MsgpackReader, type: CtyType): CtyValue {
  const tok = r.next();
  if (tok.t === "nil") return null;
  if (tok.t === "ext") return unknownFrom(tok);
  switch (type.kind) {
    case "string":
      if (tok.t !== "str") break;
      return tok.v;
    case "bool":
      if (tok.t !== "bool") break;
      return tok.v;
    case "number":
      if (tok.t === "int") return typeof tok.v === "bigint" ? numberFromBigInt(tok.v) : tok.v;
      if (tok.t === "float") return tok.v;
      if (tok.t === "str") {
        try {
          return numberFromText(tok.v);
        } catch (err) {
          throw new Failure((err as Error).message);
        }
      }
      break;
    case "list":
    case "set": {
      if (tok.t !== "array") break;
      const out: CtyValue[] = [];
      for (let i = 0; i < tok.n; i++) {
        try {
          out.push(decodeAt(r, type.element));
        } catch (err) {
          within(err, i);
        }
      }
      return out;
    }
    case "tuple": {
      if (tok.t !== "array") break;
      if (tok.n !== type.elements.length) throw new Failure(`tuple of ${type.elements.length} elements required, ${tok.n} given`);
      return type.elements.map((t, i) => {
        try {
          return decodeAt(r, t);
        } catch (err) {
          return within(err, i);
        }
      });
    }
    case "map": {
      if (tok.t !== "map") break;
      const out = ctyObject();
      for (let i = 0; i < tok.n; i++) {
        const key = r.next();
        if (key.t !== "str") throw new Failure("map keys must be strings");
        try {
          out[key.v] = decodeAt(r, type.element);
        } catch (err) {
          within(err, { key: key.v });
        }
      }
      return out;
    }
    case "object": {
      if (tok.t !== "map") break;
      const out = ctyObject();
      for (let i = 0; i < tok.n; i++) {
        const key = r.next();
        if (key.t !== "str") throw new Failure("attribute names must be strings");
        const attrType = type.attributes[key.v];
        if (attrType === undefined) throw new Failure(`unsupported attribute ${JSON.stringify(key.v)}`);
        try {
          out[key.v] = decodeAt(r, attrType);
        } catch (err) {
          within(err, key.v);
        }
      }
      for (const name of namesOf(type.attributes)) if (!(name in out)) out[name] = null;
      return out;
    }
    case "dynamic": {
      if (tok.t !== "array" || tok.n !== 2) break;
      const typeTok = r.next();
      if (typeTok.t !== "bin" && typeTok.t !== "str") throw new Failure("dynamic value without a type");
      const json = typeTok.t === "bin" ? Buffer.from(typeTok.v).toString("utf8") : typeTok.v;
      const concrete = parseCtyType(JSON.parse(json));
      return new DynamicVal(concrete, decodeAt(r, concrete));
    }
  }
  throw new Failure(`msgpack ${tok.t} is not a valid ${type.kind}`);
}

/** Decodes one msgpack-encoded value of `type`. */
export function decodeMsgpack(type: CtyType, bytes: Uint8Array): CtyValue {
  const r = new MsgpackReader(bytes);
  let value: CtyValue;
  try {
    value = decodeAt(r, type);
  } catch (err) {
    throw codecError(err);
  }
  if (!r.done) throw new CtyCodecError("extra bytes after the msgpack value");
  return value;
}

// ---------------------------------------------------------------- encode

function encodeNumber(w: MsgpackWriter, v: CtyValue): void {
  if (typeof v === "number") {
    if (Number.isNaN(v)) throw new Failure("NaN is not a number value");
    if (Number.isSafeInteger(v)) w.int(v);
    else w.float64(v);
    return;
  }
  if (typeof v === "bigint") {
    if (v >= -(2n ** 63n) && v < 2n ** 64n) w.int(v);
    else w.str(v.toString());
    return;
  }
  if (v instanceof CtyDecimal) {
    w.str(v.text);
    return;
  }
  throw new Failure("a number is required");
}

function encodeAt(w: MsgpackWriter, type: CtyType, v: CtyValue): void {
  if (v === null || v === undefined) return w.nil();
  if (v instanceof Unknown) {
    if (v.refinement && v.refinement.length > 1) w.ext(REFINED_UNKNOWN_EXT, v.refinement);
    else w.ext(0, UNKNOWN_PAYLOAD);
    return;
  }
  switch (type.kind) {
    case "string":
      if (typeof v !== "string") break;
      return w.str(v);
    case "bool":
      if (typeof v !== "boolean") break;
      return w.bool(v);
    case "number":
      return encodeNumber(w, v);
    case "list":
    case "set":
      if (!Array.isArray(v)) break;
      w.array(v.length);
      for (let i = 0; i < v.length; i++) {
        try {
          encodeAt(w, type.element, v[i]!);
        } catch (err) {
          within(err, i);
        }
      }
      return;
    case "tuple":
      if (!Array.isArray(v) || v.length !== type.elements.length) break;
      w.array(v.length);
      for (let i = 0; i < v.length; i++) {
        try {
          encodeAt(w, type.elements[i]!, v[i]!);
        } catch (err) {
          within(err, i);
        }
      }
      return;
    case "map": {
      if (typeof v !== "object" || Array.isArray(v) || v instanceof CtyDecimal || v instanceof DynamicVal) break;
      const keys = Object.keys(v).sort();
      w.map(keys.length);
      for (const k of keys) {
        w.str(k);
        try {
          encodeAt(w, type.element, v[k]!);
        } catch (err) {
          within(err, { key: k });
        }
      }
      return;
    }
    case "object": {
      if (typeof v !== "object" || Array.isArray(v) || v instanceof CtyDecimal || v instanceof DynamicVal) break;
      for (const k in v) {
        if (!(k in type.attributes)) throw new Failure(`attribute ${JSON.stringify(k)} is not in the type`);
      }
      const names = namesOf(type.attributes);
      w.map(names.length);
      for (const name of names) {
        w.str(name);
        try {
          encodeAt(w, type.attributes[name]!, v[name] ?? null);
        } catch (err) {
          within(err, name);
        }
      }
      return;
    }
    case "dynamic": {
      const dyn = v instanceof DynamicVal ? v : new DynamicVal(inferType(v), v);
      w.array(2);
      w.bin(Buffer.from(JSON.stringify(ctyTypeJson(dyn.type)), "utf8"));
      encodeAt(w, dyn.type, dyn.value);
      return;
    }
  }
  throw new Failure(`${describe(v)} is not a valid ${type.kind}`);
}

function describe(v: CtyValue): string {
  if (Array.isArray(v)) return "an array";
  if (v instanceof DynamicVal) return "a dynamic value";
  return `a ${typeof v}`;
}

/** Encodes a value of `type` as msgpack. */
export function encodeMsgpack(type: CtyType, value: CtyValue): Uint8Array {
  const w = new MsgpackWriter();
  try {
    encodeAt(w, type, value);
  } catch (err) {
    throw codecError(err);
  }
  return w.finish();
}
