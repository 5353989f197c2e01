// The Form Package policy: no author-declared desired field is named after backend placement
// authority; the four reviewed x-takoform-* annotations are the closed exemption.
import { describe, expect, it } from "vitest";
import { nameWords, placementAuthorityViolations, placementWord, REVIEWED_ANNOTATIONS } from "../../../corpus/tools/placement-policy.js";
import { corpusForm, corpusForms } from "./corpus-files.js";

describe("nameWords / placementWord", () => {
  it.each([
    ["availabilityZone", ["availability", "zone"]],
    ["targetAccountID", ["target", "account", "id"]],
    ["VPCRegion", ["vpc", "region"]],
    ["data_center", ["data", "center"]],
    ["host-name", ["host", "name"]],
    ["hostname", ["hostname"]],
  ])("%s splits into %j", (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });

  it.each([
    ["region", "region"],
    ["homeRegion", "region"],
    ["availabilityZone", "zone"],
    ["awsAccountId", "account"],
    ["hostId", "host"],
    ["cloudProvider", "provider"],
    ["dataCenter", "datacenter"],
    ["data_center", "datacenter"],
    ["regions", "region"],
    ["targetPool", "target"],
    ["placementGroup", "placement"],
    ["vendor", "vendor"],
    ["nodeSelector", "node"],
  ])("%s names placement authority (%s)", (name, word) => {
    expect(placementWord(name)).toBe(word);
  });

  it.each([
    "hostname",
    "manifestDigest",
    "worker",
    "deadLetterQueue",
    "maxConcurrency",
    "notFoundHandling",
    "cron",
    "database",
    "migrationSet",
    "vars",
    "status",
    "weight",
  ])("%s names none", (name) => {
    expect(placementWord(name)).toBeUndefined();
  });
});

describe("placementAuthorityViolations", () => {
  it.each(corpusForms().map((f) => [`${f.definition.kind}@${f.definition.definitionVersion}`, f] as const))("%s holds the policy", (_, form) => {
    expect(placementAuthorityViolations(form.definition.desiredSchema)).toEqual([]);
  });

  it("catches a planted top-level field", () => {
    const schema = structuredClone(corpusForm("AtLeastOnceQueue").definition.desiredSchema) as { properties: Record<string, unknown> };
    schema.properties.region = { type: "string" };
    expect(placementAuthorityViolations(schema)).toEqual([{ pointer: "/properties/region", name: "region", word: "region" }]);
  });

  it("catches a planted field nested inside a binding list item", () => {
    const schema = structuredClone(corpusForm("WorkerVersion").definition.desiredSchema) as Record<string, any>;
    schema.properties.kvBindings.items.properties.homeRegion = { type: "string" };
    expect(placementAuthorityViolations(schema).map((v) => v.pointer)).toEqual(["/properties/kvBindings/items/properties/homeRegion"]);
  });

  it("catches an unreviewed x-takoform annotation but exempts the four reviewed ones", () => {
    const schema = structuredClone(corpusForm("WorkerVersion").definition.desiredSchema) as Record<string, any>;
    expect(JSON.stringify(schema)).toContain("x-takoform-target-formrefs");
    schema.properties.worker["x-takoform-placement-hint"] = "eu";
    const found = placementAuthorityViolations(schema);
    expect(found).toEqual([{ pointer: "/properties/worker/x-takoform-placement-hint", name: "x-takoform-placement-hint", word: "placement" }]);
    expect(REVIEWED_ANNOTATIONS).toHaveLength(4);
  });

  it("does not treat $defs names, enum values or descriptions as fields", () => {
    const schema = {
      type: "object",
      description: "runs in any region",
      properties: { mode: { enum: ["region", "zone"] } },
      $defs: { regionThing: { type: "string" } },
    };
    expect(placementAuthorityViolations(schema)).toEqual([]);
  });
});
