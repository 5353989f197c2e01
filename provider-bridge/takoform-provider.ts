// The takoform provider: the provider block of config/, and one resource type
// per Form kind of the loaded model.
import { resolveProviderConfig, validateProviderConfig, type ProviderConfig } from "./config/provider-config.js";
import { providerSchema } from "./config/provider-schema.js";
import { errorDiag, type Diagnostic } from "./framework/diagnostics.js";
import type { ProviderDefinition } from "./framework/provider.js";
import type { LoadedModel } from "./model/load.js";
import { ModelResource } from "./model/model-resource.js";
import { SECRET_TYPE, SecretResource } from "./extensions/secret-resource.js";

export function takoformProvider(loaded: LoadedModel, env: NodeJS.ProcessEnv = process.env): ProviderDefinition<ProviderConfig> & { problems(): Diagnostic[] } {
  // One type per Form kind, plus the host-extension types (ADR 0200: takoform_secret).
  const extensions = Object.entries(loaded.extensions).map(([typeName, schema]) => (typeName === SECRET_TYPE ? new SecretResource(schema) : undefined));
  const resources = [...loaded.resources.map((r) => new ModelResource(r.model, r.schema)), ...extensions.filter((r) => r !== undefined)];
  return {
    typeName: "takoform",
    schema: () => providerSchema,
    validateConfig: validateProviderConfig,
    configure(config, terraformVersion) {
      const resolved = resolveProviderConfig(config, env, terraformVersion);
      return resolved.config ? { provider: resolved.config, diagnostics: resolved.diagnostics } : { diagnostics: resolved.diagnostics };
    },
    resources: () => resources,
    problems: () => loaded.problems.map((p) => errorDiag("Inconsistent provider model", `${p} (model read from ${loaded.source}).`)),
  };
}
