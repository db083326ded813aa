/**
 * Where a build goes. OUT_DIR lets several builds run side by side (one per engineer, the
 * benchmark, CI). Astro puts its intermediate server build in the project's shared `.astro/`
 * when the output is outside the project, so concurrent builds there would overwrite each
 * other: an OUT_DIR outside the project is mapped into `.builds/` inside it instead.
 */
import { createHash } from "node:crypto";
import { basename, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../../", import.meta.url));

export function outDirFromEnv(env: Record<string, string | undefined> = process.env): string {
  const requested = env.OUT_DIR;
  if (!requested) return resolve(projectRoot, "dist");
  const absolute = resolve(requested);
  if (absolute.startsWith(projectRoot) || absolute + sep === projectRoot) return absolute;
  const tag = createHash("sha256").update(absolute).digest("hex").slice(0, 8);
  return resolve(projectRoot, ".builds", `${basename(absolute)}-${tag}`);
}
