// Logging for a provider process. stderr is Terraform's log stream (shown with
// TF_LOG / TF_LOG_PROVIDER, never on the terminal); go-plugin reads hclog JSON
// lines and keeps their level only when @timestamp has exactly six fractional
// digits. stdout is reserved for the handshake line.

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error";

/** 2026-12-02T11:27:20.632000Z: the layout go-plugin parses. */
export function hclogTimestamp(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

export function hclogLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}, now = new Date()): string {
  return JSON.stringify({ "@level": level, "@message": message, "@module": "takoform", "@timestamp": hclogTimestamp(now), ...fields }) + "\n";
}

export function log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
  try {
    process.stderr.write(hclogLine(level, message, fields));
  } catch {
    // stderr closed: nothing to tell anyone
  }
}
