// Parses GNU time's `-v` report (what /usr/bin/time -v writes to stderr).

export interface TimeReport {
  /** "Elapsed (wall clock) time", milliseconds. */
  wallMs: number;
  /** "Maximum resident set size", bytes. */
  maxRssBytes: number;
  userSeconds: number;
  systemSeconds: number;
  exitStatus: number;
}

/** "1:02:03.45" / "2:03.45" / "0:00.02" -> milliseconds. */
export function parseClock(text: string): number {
  const parts = text.trim().split(":");
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) throw new Error(`not an elapsed time: ${JSON.stringify(text)}`);
  const seconds = parts.reduce((total, part) => total * 60 + Number(part), 0);
  return Math.round(seconds * 1000);
}

function field(report: string, name: string): string {
  const line = report.split(/\r?\n/).find((l) => l.trim().startsWith(name));
  if (line === undefined) throw new Error(`/usr/bin/time -v report lacks "${name}"`);
  return line.slice(line.lastIndexOf(": ") + 2).trim();
}

export function parseTimeReport(report: string): TimeReport {
  return {
    wallMs: parseClock(field(report, "Elapsed (wall clock) time")),
    maxRssBytes: Number(field(report, "Maximum resident set size (kbytes)")) * 1024,
    userSeconds: Number(field(report, "User time (seconds)")),
    systemSeconds: Number(field(report, "System time (seconds)")),
    exitStatus: Number(field(report, "Exit status")),
  };
}
