// Loads the fixture provider model (test/fixtures/provider) for unit tests.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ProviderModel, ResourceModel } from "../../../provider-bridge/model/types.js";
import type { ProviderSchemasDocument, SchemaJson } from "../../../provider-bridge/schema/schema-json.js";

export const fixtureDir = fileURLToPath(new URL("../../fixtures/provider/", import.meta.url));

export function fixture(): { model: ResourceModel; schema: SchemaJson } {
  const model = JSON.parse(readFileSync(fixtureDir + "model.json", "utf8")) as ProviderModel;
  const doc = JSON.parse(readFileSync(fixtureDir + "schema.json", "utf8")) as ProviderSchemasDocument;
  const schema = doc.provider_schemas["registry.terraform.io/takoform/takoform"]!.resource_schemas!["takoform_fixture_widget"]!;
  return { model: structuredClone(model.resources[0]!), schema };
}
