// What a spare reads of the launcher that claimed it (ADR 0282): the launcher's environment as
// Terraform gave it, its working directory, its umask, and who its parent is, from /proc. The
// launcher never writes its environment anywhere: the kernel keeps it, readable by this user
// only.
import { readFileSync, readlinkSync } from "node:fs";
import { EXTRA_CA_ENV } from "../../client/extra-ca-env.js";

export interface LauncherSession {
  pid: number;
  /** Terraform: the launcher's parent, watched like a served process's own parent. */
  parent: number;
  uid: number;
  cwd: string;
  umask: number;
  env: Record<string, string>;
}

/** /proc/<pid>/environ: NUL-terminated NAME=value entries. */
export function parseEnviron(bytes: Buffer): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of bytes.toString("utf8").split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return env;
}

/** The launcher's own hand-off of NODE_EXTRA_CA_CERTS (install/launcher.ts, ADR 0281), applied to its recorded environment. */
export function handOnExtraCa(env: Record<string, string>): Record<string, string> {
  const flags = `${env["NODE_OPTIONS"] ?? ""} ${env["TAKOFORM_PROVIDER_NODE_FLAGS"] ?? ""}`;
  if (/--use-openssl-ca|--use-system-ca/.test(flags) || !env["NODE_EXTRA_CA_CERTS"]) return env;
  const { NODE_EXTRA_CA_CERTS: file, ...rest } = env;
  return { ...rest, [EXTRA_CA_ENV]: file! };
}

/** /proc/<pid>/status fields: Uid (real), PPid and Umask. */
export function parseStatus(text: string): { uid: number; parent: number; umask: number | undefined } | undefined {
  const field = (name: string): string | undefined => new RegExp(`^${name}:\\s*(\\S+)`, "m").exec(text)?.[1];
  const uid = Number(field("Uid"));
  const parent = Number(field("PPid"));
  const umask = field("Umask");
  if (!Number.isInteger(uid) || !Number.isInteger(parent)) return undefined;
  return { uid, parent, umask: umask === undefined ? undefined : parseInt(umask, 8) };
}

export function readLauncherSession(pid: number): LauncherSession | string {
  try {
    const status = parseStatus(readFileSync(`/proc/${pid}/status`, "latin1"));
    if (status === undefined) return `unreadable status of process ${pid}`;
    const env = handOnExtraCa(parseEnviron(readFileSync(`/proc/${pid}/environ`)));
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    return { pid, parent: status.parent, uid: status.uid, cwd, umask: status.umask ?? process.umask(), env };
  } catch (error) {
    return `process ${pid}: ${(error as Error).message}`;
  }
}
