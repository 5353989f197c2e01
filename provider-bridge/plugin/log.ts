// Logging for a provider process. stderr is Terraform's log stream (shown with
// TF_LOG / TF_LOG_PROVIDER, never on the terminal); go-plugin reads hclog JSON
// lines and keeps their level only when @timestamp has exactly six fractional
// digits. stdout is reserved for the handshake line.
//
// Terraform hands its environment to the plugin, so the process writes only the
// lines Terraform would keep: levels at or above TF_LOG_PROVIDER (else TF_LOG),
// the way Go providers read the same variables. Without either, Terraform shows
// no provider log, and only warnings and errors are written (a line per RPC at
// trace level cost about 1 ms of provider CPU per resource; bench/HISTORY.md).

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4 };
const OFF = 5;

/** The lowest rank written, from TF_LOG_PROVIDER, else TF_LOG (JSON and unknown values mean trace). */
export function logThreshold(env: NodeJS.ProcessEnv): number {
  const raw = (env["TF_LOG_PROVIDER"] || env["TF_LOG"] || "").trim().toLowerCase();
  if (raw === "") return RANK.warn;
  if (raw === "off") return OFF;
  return RANK[raw as LogLevel] ?? RANK.trace;
}

let threshold = logThreshold(process.env);

/** Re-reads the level from env (the process reads it once at start). */
export function setLogLevelFrom(env: NodeJS.ProcessEnv): void {
  threshold = logThreshold(env);
}

export function logEnabled(level: LogLevel): boolean {
  return RANK[level] >= threshold;
}

/** 2026-12-02T11:27:20.632000Z: the layout go-plugin parses. */
export function hclogTimestamp(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

export function hclogLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}, now = new Date()): string {
  return JSON.stringify({ "@level": level, "@message": message, "@module": "takoform", "@timestamp": hclogTimestamp(now), ...fields }) + "\n";
}

/** Where log lines go: stderr, or the pipe a spare's launcher relays to Terraform's stderr. */
let sink: (line: string) => unknown = (line) => process.stderr.write(line);

export function setLogSink(write: (line: string) => unknown): void {
  sink = write;
}

export function log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
  if (RANK[level] < threshold) return;
  try {
    sink(hclogLine(level, message, fields));
  } catch {
    // stderr closed: nothing to tell anyone
  }
}
