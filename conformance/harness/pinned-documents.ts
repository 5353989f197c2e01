// The wire schema leaves two members to the installed Form Definition
// (x-takoform-validatesAgainst): a resource's spec validates against the desiredSchema and its
// status.outputs against the outputSchema. The runner holds every resource it is answered to the
// PINNED definition of the exact FormRef the answer names.

import { fail } from "./assert.js";
import type { Inspector } from "./caller.js";
import type { PinnedCorpus } from "./corpus.js";
import { describeResponse } from "./http.js";
import type { Operation } from "./operations.js";

const RESOURCE_ANSWERS: ReadonlySet<Operation> = new Set(["apply", "read", "import", "observe", "prepare"]);

interface ResourceLike {
  form?: { formRef?: { apiVersion: string; kind: string; definitionVersion: string; schemaDigest: string } };
  spec?: unknown;
  status?: { outputs?: unknown };
}

export function pinnedDocumentInspector(corpus: PinnedCorpus): Inspector {
  return (op, res) => {
    if (!RESOURCE_ANSWERS.has(op) || res.status === 202) return;
    const body = res.body as (ResourceLike & { resource?: ResourceLike }) | undefined;
    const resource = body && (op === "observe" || op === "prepare") ? body.resource : body;
    const ref = resource?.form?.formRef;
    if (!resource || !ref) return;
    const form = corpus.catalog.form(ref);
    if (!form) return; // an identity the runner did not pin; the checks that care say so.
    const problems = corpus.specProblems(form, resource.spec);
    if (problems.length)
      fail(`${describeResponse(res)}: spec violates the pinned desiredSchema of ${ref.kind}@${ref.definitionVersion}: ${problems.join("; ")}`);
    const outputs = resource.status?.outputs;
    if (outputs !== undefined && form.definition.outputSchema) {
      const out = corpus.outputProblems(form, outputs);
      if (out.length) fail(`${describeResponse(res)}: status.outputs violate the pinned outputSchema of ${ref.kind}: ${out.join("; ")}`);
    }
  };
}
