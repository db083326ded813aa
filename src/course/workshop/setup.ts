/**
 * What the kit's setup asks of a laptop, read from the project rather than typed: the Node
 * versions package.json's `engines` accepts, and the command a facilitator serves the built site
 * to the room with (tests/content/workshop-kit.test.ts checks the kit says both as written here).
 * Node only: it reads package.json at build time.
 */
import { readFileSync } from "node:fs";
import { chaptersDir } from "../chapters-dir.ts";

/** The project's package.json, found from content/chapters/ wherever the build runs. */
const manifestFile = new URL("../../package.json", chaptersDir);

/**
 * The Node versions the project runs on, said as the kit says them: ">=20.18.1" is "20.18.1 or
 * later". Only a lower bound can be said that way; any other range throws, so the kit never
 * says less than package.json asks.
 */
export function nodeRequirement(engines: unknown = readEngines()): string {
  const range = (engines as { node?: unknown } | undefined)?.node;
  const bound = typeof range === "string" ? /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim()) : null;
  if (!bound) throw new Error(`package.json engines.node is ${JSON.stringify(range)}: the kit can say only ">=x.y.z"`);
  return `${bound[1]} or later`;
}

function readEngines(): unknown {
  return (JSON.parse(readFileSync(manifestFile, "utf8")) as { engines?: unknown }).engines;
}

/**
 * Serves the built site (dist/, or OUT_DIR) to the room: Astro's preview server, on every network
 * interface of the laptop (`--host`), at the address it prints. The project has no script of its
 * own for it; `npx` runs the astro the install put in node_modules.
 */
export const serveCommand = "npx astro preview --host";
