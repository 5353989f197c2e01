import type { Subcommand } from "../main.js";

const command: Subcommand = {
  summary: "(not built yet)",
  async run() {
    console.error("takoform conformance: not built yet");
    return 1;
  },
};
export default command;
