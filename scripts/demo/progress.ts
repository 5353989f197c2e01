// Step lines for long-running work: a ticking elapsed time on a terminal, a start and an end
// line otherwise (CI logs, tests).
const tty = process.stdout.isTTY === true;

export interface Step {
  note(text: string): void;
  done(summary?: string): void;
  fail(summary: string): void;
}

export function step(title: string): Step {
  const started = Date.now();
  let detail = "";
  const elapsed = (): string => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const line = (mark: string, text: string): string => `${mark} ${title}${text === "" ? "" : ` (${text})`}`;
  let timer: NodeJS.Timeout | undefined;
  if (tty) {
    const draw = (): void => void process.stdout.write(`\r\x1b[K${line("…", [detail, elapsed()].filter(Boolean).join(", "))}`);
    draw();
    timer = setInterval(draw, 250);
  } else {
    console.log(line("…", ""));
  }
  const end = (mark: string, text: string): void => {
    if (timer !== undefined) clearInterval(timer);
    const body = line(mark, [text, elapsed()].filter(Boolean).join(", "));
    if (tty) process.stdout.write(`\r\x1b[K${body}\n`);
    else console.log(body);
  };
  return {
    note(text) {
      if (text === detail) return;
      detail = text;
      if (!tty) console.log(`    ${text}`);
    },
    done: (summary = "") => end("✓", summary),
    fail: (summary) => end("✗", summary),
  };
}
