/** Serves the built site once for all browser tests and hands its URL to them. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { serveStatic } from "../support/static-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dist = process.env.OUT_DIR ? resolve(process.env.OUT_DIR) + "/" : new URL("../../dist/", import.meta.url).pathname;
  if (!existsSync(dist + "index.html")) {
    throw new Error("dist/ has no built site: run `npm run build` first (or set OUT_DIR to where you built it) (npm test does it for you).");
  }
  const server = await serveStatic(dist);
  project.provide("siteUrl", server.url);
  return () => server.close();
}
