/** Serves the built site once for all browser tests and hands its URL to them. */
import { existsSync } from "node:fs";
import { outDirFromEnv } from "../../src/integrations/out-dir.ts";
import type { TestProject } from "vitest/node";
import { serveStatic } from "../../tools/static-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = outDirFromEnv() + "/";
  if (!existsSync(dist + "index.html")) {
    throw new Error(
      "dist/ has no built site: run `npm run build` first (or set OUT_DIR to where you built it) (npm test does it for you).",
    );
  }
  const server = await serveStatic(dist);
  project.provide("siteUrl", server.url);
  return () => server.close();
}
