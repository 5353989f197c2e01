// Argument and attribute reference sections, with one "Nested Schema" section per nested attribute.

import type { AttributeModel } from "../../model/types.js";
import { extraSentences, flagsLabel } from "./describe.js";

function anchor(path: string): string {
  return `nestedatt--${path.replaceAll(".", "--")}`;
}

function bullet(a: AttributeModel, path: string): string {
  const text = [a.description, ...extraSentences(a)].filter((s) => s !== "").join(" ");
  const nested = a.nested !== undefined ? ` (see [below for nested schema](#${anchor(path)}))` : "";
  return `- \`${a.name}\` (${flagsLabel(a)}) ${text}${nested}`.trimEnd();
}

/** Bullets for `attributes`, then a nested-schema section for each nested one (depth first). */
export function referenceList(attributes: AttributeModel[], parent = ""): { bullets: string[]; nested: string[] } {
  const bullets: string[] = [];
  const nested: string[] = [];
  for (const a of attributes) {
    const path = parent === "" ? a.name : `${parent}.${a.name}`;
    bullets.push(bullet(a, path));
    if (a.nested !== undefined) {
      const inner = referenceList(a.nested.attributes, path);
      nested.push(`<a id="${anchor(path)}"></a>`, `### Nested Schema for \`${path}\``, "", ...inner.bullets, "", ...inner.nested);
    }
  }
  return { bullets, nested };
}
