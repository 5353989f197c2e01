// The group/version of the Edge Platform Family Forms (corpus/forms/edge/v1beta1): the one place
// the string is written; the host, the conformance harness, the bench and the tests import it.

export const EDGE_GROUP = "edge.forms.takoform.com/v1beta1";
