import type { Subcommand } from "../main.js";

const command: Subcommand = {
  summary: "(not built yet)",
  async run() {
    console.error("takoform codegen: not built yet");
    return 1;
  },
};
export default command;
