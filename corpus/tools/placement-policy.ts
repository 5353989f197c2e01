// Form Package policy: no author-declared desired field may be named after backend placement
// authority. Where a resource runs (which account, region, zone, host, vendor, ...) is the host's
// decision, never portable desired state.
//
// A field name is split into words (camelCase, PascalCase, snake_case, kebab-case, dotted) and
// each word, each pair of adjacent words run together ("data" + "center"), and each of those
// without a plural "s" is compared with the vocabulary. Whole words only: "hostname" is one word
// and is not "host".
//
// Checked names: every member name under a schema's `properties`, at any depth, and every
// x-takoform-* annotation keyword that is not one of the four reviewed annotations below. The
// reviewed annotations are a closed exemption: x-takoform-target-formrefs uses "target" for the
// resource a relation points at, which is portable meaning, not placement authority.

export const PLACEMENT_AUTHORITY_WORDS: readonly string[] = Object.freeze([
  "account", "region", "zone", "host", "vendor", "target", "datacenter", "provider", "placement",
  "cluster", "pool", "node", "shard", "colo", "location", "tenant", "subscription", "backend",
  "server", "rack", "project",
]);

export const REVIEWED_ANNOTATIONS: readonly string[] = Object.freeze([
  "x-takoform-target-formrefs",
  "x-takoform-required-interface",
  "x-takoform-binding",
  "x-takoform-fieldPolicy",
]);

export interface PlacementViolation {
  /** JSON pointer of the offending member name inside the checked schema. */
  pointer: string;
  name: string;
  word: string;
}

/** Lowercase words of an identifier: "availabilityZoneID" -> ["availability", "zone", "id"]. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "")
    .map((w) => w.toLowerCase());
}

/** The vocabulary word `name` is built on, or undefined when it names no placement authority. */
export function placementWord(name: string, vocabulary: readonly string[] = PLACEMENT_AUTHORITY_WORDS): string | undefined {
  const words = nameWords(name);
  const candidates: string[] = [...words];
  for (let i = 0; i + 1 < words.length; i++) candidates.push(`${words[i]}${words[i + 1]}`);
  for (const candidate of candidates) {
    for (const form of candidate.endsWith("s") ? [candidate, candidate.slice(0, -1)] : [candidate]) {
      if (vocabulary.includes(form)) return form;
    }
  }
  return undefined;
}

/** Every placement-authority name declared in a desired schema. An empty list means the policy holds. */
export function placementAuthorityViolations(schema: unknown): PlacementViolation[] {
  const out: PlacementViolation[] = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, `${at}/${i}`));
      return;
    }
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const here = `${at}/${escape(key)}`;
      if (key.startsWith("x-takoform-") || key.startsWith("x-")) {
        if (REVIEWED_ANNOTATIONS.includes(key)) continue;
        const word = placementWord(key.replace(/^x-(takoform-)?/, ""));
        if (word) out.push({ pointer: here, name: key, word });
        continue;
      }
      if (key === "properties" && value !== null && typeof value === "object" && !Array.isArray(value)) {
        for (const [field, sub] of Object.entries(value as Record<string, unknown>)) {
          const fieldAt = `${here}/${escape(field)}`;
          const word = placementWord(field);
          if (word) out.push({ pointer: fieldAt, name: field, word });
          visit(sub, fieldAt);
        }
        continue;
      }
      visit(value, here);
    }
  };
  visit(schema, "");
  return out;
}

function escape(token: string): string {
  return token.replaceAll("~", "~0").replaceAll("/", "~1");
}
