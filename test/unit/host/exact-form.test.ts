// The installed set is keyed by the exact identity (decision 0022 rules 1-4).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API, builtinCatalog, call, startTestHost, type TestHost } from "./harness.js";
import { apply, exactQuery, read, refOf, remove, uniqueName } from "./client.js";
import { expectDocument, expectRefusal, expectResource } from "./expect-wire.js";

let host: TestHost;
beforeAll(async () => {
  host = await startTestHost();
});
afterAll(async () => host.close());

const SPACE = "exact";
const v1 = () => refOf(builtinCatalog(), "ModuleWorker", "0.1.0");
const v2 = () => refOf(builtinCatalog(), "ModuleWorker", "0.2.0");

describe("two definition versions of one kind", () => {
  it("are both installed and answer independently on forms, form-definitions and support", async () => {
    for (const ref of [v1(), v2()]) {
      const forms = expectDocument(await call(host.url, "GET", `${API}/forms?${exactQuery(SPACE, ref)}`), 200, "formsResponse");
      expect(forms.forms[0].identity.formRef).toEqual(ref);
      const definition = expectDocument(
        await call(host.url, "GET", `${API}/form-definitions/${ref.apiVersion}/${ref.kind}?${exactQuery(SPACE, ref)}`),
        200,
        "formDefinitionResponse",
      );
      expect(definition.identity.formRef).toEqual(ref);
      expect(definition.desiredSchema).toEqual(builtinCatalog().exact(ref)!.installed.definition.desiredSchema);
      const profile = expectDocument(
        await call(host.url, "GET", `${API}/support/forms/${ref.apiVersion}/${ref.kind}/${ref.definitionVersion}`),
        200,
        "supportProfile",
      );
      expect(profile.formRef).toEqual(ref);
    }
  });

  it("a definitionVersion of one contract with the schemaDigest of another is form_unknown everywhere", async () => {
    const mixed = { ...v1(), schemaDigest: v2().schemaDigest };
    expectRefusal(await call(host.url, "GET", `${API}/forms?${exactQuery(SPACE, mixed)}`), "form_unknown");
    expectRefusal(await call(host.url, "GET", `${API}/form-definitions/${mixed.apiVersion}/${mixed.kind}?${exactQuery(SPACE, mixed)}`), "form_unknown");
    expectRefusal(await read(host.url, mixed, uniqueName(), SPACE), "form_unknown");
    expectRefusal(await apply(host.url, mixed, uniqueName(), SPACE, {}), "form_unknown");
    const unknownVersion = { ...v1(), definitionVersion: "9.9.9" };
    expectRefusal(await call(host.url, "GET", `${API}/forms?${exactQuery(SPACE, unknownVersion)}`), "form_unknown");
    expectRefusal(await call(host.url, "GET", `${API}/support/forms/${unknownVersion.apiVersion}/ModuleWorker/9.9.9`), "form_unknown");
  });

  it("a resource answers only under its recorded exact ref, and the name is unique across versions", async () => {
    const name = uniqueName("mw");
    const created = expectResource(await apply(host.url, v1(), name, SPACE, {}), 201);
    expect(created.form.formRef).toEqual(v1());
    expectRefusal(await read(host.url, v2(), name, SPACE), "resource_not_found");
    expectRefusal(await remove(host.url, v2(), name, SPACE, "1"), "resource_not_found");
    expectRefusal(await apply(host.url, v2(), name, SPACE, {}, { generation: "1" }), "resource_not_found");
    // a create under the other contract still conflicts: one name per tenant, space, group, kind
    expectRefusal(await apply(host.url, v2(), name, SPACE, {}), "generation_conflict");
    expectResource(await read(host.url, v1(), name, SPACE), 200);
  });
});
