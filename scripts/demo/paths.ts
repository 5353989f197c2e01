// Where the demo keeps everything: .takoform/demo below the repository (git-ignored).
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const exampleDir = path.join(repoRoot, "examples", "edge-app");

export interface DemoPaths {
  root: string;
  hostData: string;
  hostState: string;
  hostLog: string;
  credentials: string;
  terraform: string;
  synthOut: string;
  tfState: string;
  outputs: string;
  cdktfLog: string;
}

export function demoPaths(root = path.join(repoRoot, ".takoform", "demo")): DemoPaths {
  return {
    root,
    hostData: path.join(root, "host"),
    hostState: path.join(root, "host.json"),
    hostLog: path.join(root, "host.log"),
    credentials: path.join(root, "credentials.json"),
    terraform: path.join(root, "terraform"),
    synthOut: path.join(root, "cdktf.out"),
    tfState: path.join(root, "edge-app.tfstate"),
    outputs: path.join(root, "outputs.json"),
    cdktfLog: path.join(root, "cdktf.log"),
  };
}
