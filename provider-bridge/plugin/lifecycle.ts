// Process rules for a plugin Terraform manages:
// - SIGINT reaches the whole process group on Ctrl-C; go-plugin servers ignore
//   it and Terraform sends StopProvider instead, so in-flight applies finish and
//   their results reach state.
// - When Terraform goes away (even SIGKILLed) the parent changes: exit, so no
//   node process is ever orphaned.
// - A broken stdout or stderr (Terraform gone: both are its pipes) ends the
//   process cleanly instead of crashing on the write error.

const WATCHDOG_MS = 250;

export function installProcessGuards(onExit: () => void): void {
  process.on("SIGINT", () => undefined);
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      onExit();
      process.exit(0);
    }
  }, WATCHDOG_MS);
  timer.unref();
  const brokenPipe = (): void => {
    onExit();
    process.exit(0);
  };
  process.stdout.on("error", brokenPipe);
  process.stderr.on("error", brokenPipe);
  process.on("exit", onExit);
}
