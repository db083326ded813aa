/**
 * A folder of its own in the system's temporary folder for one test file's files, removed when the
 * file's tests end, so a test run leaves nothing behind. Call it at a file's top level (it
 * registers vitest's `afterAll` there), not inside a test.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
