// Terraform's name for this machine's platform, as used in mirror paths and lock files.

const OS: Record<string, string> = { linux: "linux", darwin: "darwin", win32: "windows", freebsd: "freebsd", openbsd: "openbsd" };
const ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64", ia32: "386", arm: "arm" };

export function terraformPlatform(platform: string = process.platform, arch: string = process.arch): string {
  const os = OS[platform];
  const cpu = ARCH[arch];
  if (!os || !cpu) throw new Error(`no Terraform platform name for ${platform}/${arch}`);
  return `${os}_${cpu}`;
}
