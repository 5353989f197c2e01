// Host API v1beta1 request targets. A namespaced group travels as two
// ordinary path segments (edge.forms.takoform.com/v1beta1 ->
// edge.forms.takoform.com / v1beta1); no segment ever percent-encodes a slash.

function segment(s: string, what: string): string {
  if (s === "" || s === "." || s === ".." || s.includes("/")) throw new Error(`${what} ${JSON.stringify(s)} cannot be a path segment`);
  return encodeURIComponent(s);
}

export function groupSegments(apiVersion: string): string {
  const slash = apiVersion.lastIndexOf("/");
  if (slash <= 0 || slash === apiVersion.length - 1) throw new Error(`apiVersion ${JSON.stringify(apiVersion)} is not group/version`);
  return `${segment(apiVersion.slice(0, slash), "group")}/${segment(apiVersion.slice(slash + 1), "version")}`;
}

export function resourcePath(apiVersion: string, kind: string, name: string): string {
  return `resources/${groupSegments(apiVersion)}/${segment(kind, "kind")}/${segment(name, "name")}`;
}

export function operationPath(id: string): string {
  return `operations/${segment(id, "operation id")}`;
}
