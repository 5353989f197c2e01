// Derives, from module bytes alone, which handler names a Worker bundle's main module provides on
// its default export (worker.runtime@1.0.0: the default export is a plain object and each handler
// is a callable OWN property of it). The analysis follows local bindings, imports and re-exports
// into other modules of the same bundle, and says explicitly when it cannot know.
//
// A member counts as provided when its value is callable or of a value this analysis cannot type
// (an imported binding it cannot follow, `app.fetch`, a call result); a member whose value is a
// literal, object or array is present but not callable. "analyzable" means the default export's
// own-property set is fully known.

import type { Program } from "acorn";
import type { EsNode } from "./ast-walk.js";
import { parseModule } from "./parse-module.js";
import { moduleScope, type ExportTarget, type LocalBinding, type ModuleScope } from "./module-scope.js";
import { bindingIntegrity } from "./binding-integrity.js";
import { resolveSpecifier } from "./specifier.js";

export const HANDLER_CANDIDATES = ["fetch", "scheduled", "queue"] as const;

export type Callability = "callable" | "not-callable" | "unknown";
export type DefaultShape = "object" | "class" | "function" | "value" | "none" | "unknown";

export interface HandlerExportReport {
  /** True when the default export's own properties are fully known (or it is known not to be a plain object). */
  analyzable: boolean;
  shape: DefaultShape;
  /** Candidate handler names provided as own properties (callable or of unknown value). */
  handlers: string[];
  /** Candidate names present but statically not callable. */
  notCallable: string[];
  /** Every own member name known to be present on an object-shaped default export. */
  members: string[];
  /** For a class default export: instance method names, which are NOT own properties of the export. */
  prototypeMethods?: string[];
  /** Why the analysis is incomplete, or why the shape provides no handlers. */
  reason?: string;
  /** The modules the default export was traced through, main module first. */
  trace: string[];
}

export interface BundleSource {
  mainModule: string;
  /** Module bytes by manifest name, or undefined when the bundle has no such module. */
  readModule(name: string): string | Uint8Array | undefined;
  /** The manifest media type of a module (application/javascript+module when omitted). */
  mediaTypeOf?(name: string): string | undefined;
}

interface ObjectFacts {
  members: Map<string, Callability>;
  complete: boolean;
  reason?: string;
}

type Shape =
  | { shape: "object"; facts: ObjectFacts }
  | { shape: "class"; prototypeMethods: string[] }
  | { shape: "function" | "value" | "none" }
  | { shape: "unknown"; reason: string };

interface LoadedModule {
  name: string;
  program: Program;
  text: string;
  scope: ModuleScope;
}

const MAX_HOPS = 32;
const JS_MODULE = "application/javascript+module";

/** Analysis of a single module's text (no other modules reachable). */
export function analyzeModuleHandlers(source: string | Uint8Array, candidates: readonly string[] = HANDLER_CANDIDATES): HandlerExportReport {
  return analyzeBundleHandlers({ mainModule: "main.js", readModule: (n) => (n === "main.js" ? source : undefined) }, candidates);
}

export function analyzeBundleHandlers(bundle: BundleSource, candidates: readonly string[] = HANDLER_CANDIDATES): HandlerExportReport {
  const analyzer = new Analyzer(bundle);
  const trace: string[] = [];
  const shape = analyzer.exportShape(bundle.mainModule, "default", 0, trace);
  return report(shape, candidates, trace);
}

function report(shape: Shape, candidates: readonly string[], trace: string[]): HandlerExportReport {
  const base = { trace, notCallable: [] as string[], members: [] as string[], handlers: [] as string[] };
  switch (shape.shape) {
    case "object": {
      const members = [...shape.facts.members.keys()];
      const handlers = candidates.filter((c) => {
        const k = shape.facts.members.get(c);
        return k === "callable" || k === "unknown";
      });
      const notCallable = candidates.filter((c) => shape.facts.members.get(c) === "not-callable");
      const out: HandlerExportReport = { ...base, analyzable: shape.facts.complete, shape: "object", handlers, notCallable, members };
      if (shape.facts.reason !== undefined) out.reason = shape.facts.reason;
      return out;
    }
    case "class":
      return {
        ...base,
        analyzable: true,
        shape: "class",
        prototypeMethods: shape.prototypeMethods,
        reason: "the default export is a class, not a plain object; its methods are not own properties of the export",
      };
    case "function":
      return { ...base, analyzable: true, shape: "function", reason: "the default export is a function, not a plain object" };
    case "value":
      return { ...base, analyzable: true, shape: "value", reason: "the default export is not an object" };
    case "none":
      return { ...base, analyzable: true, shape: "none", reason: "the module has no default export" };
    case "unknown":
      return { ...base, analyzable: false, shape: "unknown", reason: shape.reason };
  }
}

class Analyzer {
  private readonly cache = new Map<string, LoadedModule | { error: string }>();
  constructor(private readonly bundle: BundleSource) {}

  private load(name: string): LoadedModule | { error: string } {
    const cached = this.cache.get(name);
    if (cached !== undefined) return cached;
    const bytes = this.bundle.readModule(name);
    let loaded: LoadedModule | { error: string };
    if (bytes === undefined) loaded = { error: `module ${name} is not in the bundle` };
    else {
      const parsed = parseModule(bytes);
      loaded = parsed.ok ? { name, program: parsed.program, text: parsed.text, scope: moduleScope(parsed.program) } : { error: `${name}: ${parsed.message}` };
    }
    this.cache.set(name, loaded);
    return loaded;
  }

  /** The shape of what module `name` exports under `exportName`. */
  exportShape(name: string, exportName: string, hops: number, trace: string[]): Shape {
    if (hops > MAX_HOPS) return { shape: "unknown", reason: `export chain longer than ${MAX_HOPS} hops` };
    const mediaType = this.bundle.mediaTypeOf?.(name) ?? JS_MODULE;
    if (mediaType !== JS_MODULE) {
      if (this.bundle.readModule(name) === undefined) return { shape: "unknown", reason: `module ${name} is not in the bundle` };
      trace.push(name);
      return exportName === "default" ? { shape: "value" } : { shape: "unknown", reason: `${name} (${mediaType}) has no export ${exportName}` };
    }
    const mod = this.load(name);
    if ("error" in mod) return { shape: "unknown", reason: mod.error };
    trace.push(name);
    const target = mod.scope.exports.get(exportName);
    if (target === undefined) {
      if (exportName === "default") return { shape: "none" };
      for (const star of mod.scope.starSources) {
        const next = resolveSpecifier(name, star);
        if (next === undefined) return { shape: "unknown", reason: `${name} re-exports * from "${star}", outside the bundle` };
        const shape = this.exportShape(next, exportName, hops + 1, trace);
        if (shape.shape !== "none") return shape;
      }
      return { shape: "unknown", reason: `${name} has no export named ${exportName}` };
    }
    return this.targetShape(mod, target, hops, trace);
  }

  private targetShape(mod: LoadedModule, target: ExportTarget, hops: number, trace: string[]): Shape {
    switch (target.kind) {
      case "expression":
        return this.expressionShape(mod, target.node, hops, trace);
      case "local":
        return this.localShape(mod, target.local, hops, trace);
      case "reexport": {
        const next = resolveSpecifier(mod.name, target.source);
        if (next === undefined) return { shape: "unknown", reason: `${mod.name} re-exports from "${target.source}", outside the bundle` };
        return this.exportShape(next, target.imported, hops + 1, trace);
      }
      case "namespace":
        return { shape: "unknown", reason: `${mod.name} exports the namespace of "${target.source}", not a plain object` };
    }
  }

  private localShape(mod: LoadedModule, local: string, hops: number, trace: string[]): Shape {
    const binding: LocalBinding | undefined = mod.scope.bindings.get(local);
    if (binding === undefined) return { shape: "unknown", reason: `${mod.name}: \`${local}\` is not a top-level binding` };
    if (binding.kind === "import") {
      if (binding.imported === "*") return { shape: "unknown", reason: `${mod.name}: \`${local}\` is a module namespace, not a plain object` };
      const next = resolveSpecifier(mod.name, binding.source);
      if (next === undefined) return { shape: "unknown", reason: `${mod.name}: \`${local}\` is imported from "${binding.source}", outside the bundle` };
      return this.exportShape(next, binding.imported, hops + 1, trace);
    }
    if (binding.kind === "function") return { shape: "function" };
    if (binding.kind === "class") return this.withIntegrity(mod, local, this.classShape(binding.node));
    if (binding.destructured || binding.init === undefined) return { shape: "unknown", reason: `${mod.name}: \`${local}\` has no analyzable initializer` };
    return this.withIntegrity(mod, local, this.expressionShape(mod, binding.init, hops + 1, trace));
  }

  private withIntegrity(mod: LoadedModule, local: string, shape: Shape): Shape {
    if (shape.shape !== "object" && shape.shape !== "class") return shape;
    const integrity = bindingIntegrity(mod.program, mod.text, local);
    if (integrity.intact) return shape;
    if (shape.shape === "class") return shape; // still a class, whatever is added to it
    const reason = `${mod.name}: ${integrity.reason}`;
    if (integrity.extent === "opaque") return { shape: "unknown", reason };
    // Written members: every key stays present, but any value may have changed and keys may be added.
    return { shape: "object", facts: { members: downgraded(shape.facts.members), complete: false, reason } };
  }

  private expressionShape(mod: LoadedModule, node: EsNode, hops: number, trace: string[]): Shape {
    switch (node.type) {
      case "ObjectExpression":
        return { shape: "object", facts: this.objectFacts(mod, node, hops) };
      case "ClassExpression":
      case "ClassDeclaration":
        return this.classShape(node);
      case "FunctionExpression":
      case "FunctionDeclaration":
      case "ArrowFunctionExpression":
        return { shape: "function" };
      case "Literal":
      case "TemplateLiteral":
      case "ArrayExpression":
        return { shape: "value" };
      case "Identifier":
        return this.localShape(mod, String(node["name"]), hops, trace);
      case "ParenthesizedExpression":
        return this.expressionShape(mod, node["expression"] as EsNode, hops, trace);
      default:
        return { shape: "unknown", reason: `${mod.name}: the default export is computed at run time (${node.type})` };
    }
  }

  private classShape(node: EsNode): Shape {
    const body = (node["body"] as EsNode)["body"] as EsNode[];
    const prototypeMethods: string[] = [];
    for (const member of body) {
      if (member.type === "MethodDefinition" && !member["static"] && member["kind"] === "method" && !member["computed"]) {
        prototypeMethods.push(keyName(member["key"] as EsNode) ?? "");
      }
    }
    return { shape: "class", prototypeMethods: prototypeMethods.filter((m) => m !== "") };
  }

  private objectFacts(mod: LoadedModule, node: EsNode, hops: number): ObjectFacts {
    const facts: ObjectFacts = { members: new Map(), complete: true };
    // An unknown key or spread may overwrite any earlier member's value (never remove the key).
    const incomplete = (reason: string) => {
      facts.complete = false;
      facts.reason ??= `${mod.name}: ${reason}`;
      facts.members = downgraded(facts.members);
    };
    for (const prop of node["properties"] as EsNode[]) {
      if (prop.type === "SpreadElement") {
        const spread = this.expressionShape(mod, prop["argument"] as EsNode, hops + 1, []);
        if (spread.shape === "object") {
          if (!spread.facts.complete) incomplete(spread.facts.reason ?? "a spread member is not fully known");
          for (const [k, v] of spread.facts.members) facts.members.set(k, v);
        } else if (spread.shape !== "value" && spread.shape !== "none") {
          incomplete("a spread source is not a statically known object");
        }
        continue;
      }
      const key = prop["computed"] ? literalKey(prop["key"] as EsNode) : keyName(prop["key"] as EsNode);
      if (key === undefined) {
        incomplete("a member name is computed at run time");
        continue;
      }
      if (!prop["computed"] && !prop["shorthand"] && !prop["method"] && prop["kind"] === "init" && key === "__proto__") continue;
      if (prop["kind"] === "get") facts.members.set(key, "unknown");
      else if (prop["kind"] === "set") {
        if (!facts.members.has(key)) facts.members.set(key, "not-callable");
      } else if (prop["method"]) facts.members.set(key, "callable");
      else facts.members.set(key, this.callability(mod, prop["value"] as EsNode, hops + 1));
    }
    return facts;
  }

  private callability(mod: LoadedModule, node: EsNode, hops: number): Callability {
    if (hops > MAX_HOPS) return "unknown";
    switch (node.type) {
      case "FunctionExpression":
      case "ArrowFunctionExpression":
        return "callable";
      case "Literal":
      case "TemplateLiteral":
      case "ObjectExpression":
      case "ArrayExpression":
        return "not-callable";
      case "Identifier": {
        const name = String(node["name"]);
        if (name === "undefined" && !mod.scope.bindings.has(name)) return "not-callable";
        return this.exportedCallability(mod, name, hops, "local");
      }
      default:
        return "unknown";
    }
  }

  private exportedCallability(mod: LoadedModule, name: string, hops: number, how: "local" | "export"): Callability {
    if (how === "export") {
      const target = mod.scope.exports.get(name);
      if (target === undefined) return "unknown";
      if (target.kind === "local") return this.exportedCallability(mod, target.local, hops + 1, "local");
      if (target.kind === "expression") return this.callability(mod, target.node, hops + 1);
      if (target.kind === "reexport") return this.followCallability(mod.name, target.source, target.imported, hops);
      return "not-callable"; // a module namespace object is not callable
    }
    const binding = mod.scope.bindings.get(name);
    if (binding === undefined) return "unknown";
    if (binding.kind === "function") return "callable";
    if (binding.kind === "class") return "unknown";
    if (binding.kind === "import") return binding.imported === "*" ? "not-callable" : this.followCallability(mod.name, binding.source, binding.imported, hops);
    if (binding.init === undefined || binding.declarationKind !== "const") return "unknown";
    return this.callability(mod, binding.init, hops + 1);
  }

  private followCallability(importer: string, source: string, imported: string, hops: number): Callability {
    const next = resolveSpecifier(importer, source);
    if (next === undefined || (this.bundle.mediaTypeOf?.(next) ?? JS_MODULE) !== JS_MODULE) return next === undefined ? "unknown" : "not-callable";
    const mod = this.load(next);
    if ("error" in mod) return "unknown";
    return this.exportedCallability(mod, imported, hops + 1, "export");
  }
}

function downgraded(members: Map<string, Callability>): Map<string, Callability> {
  return new Map([...members.keys()].map((k) => [k, "unknown" as Callability]));
}

function keyName(key: EsNode): string | undefined {
  if (key.type === "Identifier") return String(key["name"]);
  if (key.type === "Literal" && (typeof key["value"] === "string" || typeof key["value"] === "number")) return String(key["value"]);
  return undefined;
}

function literalKey(key: EsNode): string | undefined {
  if (key.type === "Literal" && (typeof key["value"] === "string" || typeof key["value"] === "number")) return String(key["value"]);
  if (key.type === "TemplateLiteral" && (key["expressions"] as unknown[]).length === 0) {
    const quasis = key["quasis"] as EsNode[];
    return String((quasis[0]?.["value"] as { cooked?: string } | undefined)?.cooked ?? "");
  }
  return undefined;
}
