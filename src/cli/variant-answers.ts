/**
 * The terminal's new numbers on show: `.blast-radius/variants.json`, beside progress.json (not
 * progress: nothing in it is exported or counted). For each exercise answered with `--seed N` on
 * numbers no due review deals, it keeps the seed and the parts answered right for those numbers,
 * as the chapter page keeps them for the numbers on show (src/widgets/exercise/mount.ts): a right
 * answer adds its part, a wrong one takes it away, and another seed starts afresh, as New numbers
 * does on the page. So `answer` says the record and these numbers apart across commands, in the
 * page's words (statusLine: "✓ Solved before · these numbers (variant 42): 1 of 2 parts answered
 * right so far"), where it said "solved." from the record of numbers answered before.
 *
 * The file is `{ version: 1, variants: { <id>: { seed, right: [<part id>, ...] } } }`. One that
 * cannot be read (broken JSON, a newer version, something else), or only in part, is never
 * written over without a copy, as progress.json is not (src/cli/progress-file.ts): it is kept as
 * variants.unreadable-<time>.json, the learner is told once, and the numbers it held start afresh;
 * if the copy cannot be made, nothing is written. Writes go through a temporary file and a rename.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { isId } from "../course/ids.ts";
import { listNames } from "../format/words.ts";
import { isSeed } from "../sim/random.ts";
import { ReportedError } from "./args.ts";
import { keepUnreadableCopy, shownPath } from "./progress-file.ts";

/** New numbers of one exercise answered in the terminal: their seed, and the parts answered right for them. */
export interface ShownVariant {
  seed: number;
  right: string[];
}

const variantsVersion = 1;

type ReadVariantsResult =
  | { ok: true; variants: Map<string, ShownVariant>; lossy: string[] }
  | { ok: false; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** What variants.json's text holds. Never throws. */
export function readVariantsText(text: string): ReadVariantsResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: "it is not valid JSON" };
  }
  if (isRecord(value) && value.version === variantsVersion && isRecord(value.variants)) {
    const variants = new Map<string, ShownVariant>();
    const lossy: string[] = [];
    for (const [id, record] of Object.entries(value.variants)) {
      const { seed, right } = isRecord(record) ? record : {};
      if (isId(id) && isSeed(seed) && Array.isArray(right) && right.every(isId))
        variants.set(id, { seed, right: [...new Set(right as string[])] });
      else lossy.push(id);
    }
    return { ok: true, variants, lossy };
  }
  if (isRecord(value) && typeof value.version === "number" && value.version > variantsVersion)
    return {
      ok: false,
      message: `it was saved by a newer version of the course (version ${value.version}; this one reads version ${variantsVersion})`,
    };
  return { ok: false, message: "it is JSON, but not the new numbers answered in the terminal" };
}

export interface VariantStore {
  /**
   * Count an answer to `part` of `id` on the numbers of `seed`: right, the part is answered for
   * them; wrong, it is not (any longer). Returns the parts answered right for these numbers.
   */
  answer(id: string, seed: number, part: string, right: boolean): string[];
}

export function variantStore(
  file: string,
  { cwd, warn, now = () => new Date() }: { cwd: string; warn: (text: string) => void; now?: () => Date },
): VariantStore {
  const shown = shownPath(cwd, file);
  const warned = new Set<string>();

  /** The copy of a file that could not be read (whole), and the learner told once; throws if it cannot be made. */
  const keep = (text: string, lines: (copy: string) => string[]): void => {
    let copy: string;
    try {
      copy = keepUnreadableCopy(file, text, now());
    } catch (error) {
      throw new ReportedError(
        `${shown} could not be read, and a copy of it could not be saved (${(error as Error).message}), so nothing was written. Repair or move it, then try again.`,
      );
    }
    if (warned.has(copy)) return;
    warned.add(copy);
    warn(`${lines(shownPath(cwd, copy)).join("\n")}\n`);
  };

  const load = (): Map<string, ShownVariant> => {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Map();
      throw new ReportedError(`${shown} could not be opened (${(error as Error).message})`);
    }
    const result = readVariantsText(text);
    if (!result.ok) {
      keep(text, (copy) => [
        `warning: ${shown} could not be read: ${result.message}.`,
        `It holds only which parts of new numbers (--seed) you answered right in the terminal, not your progress: those start afresh. The file is kept, unchanged, as ${copy}.`,
      ]);
      return new Map();
    }
    if (result.lossy.length > 0)
      keep(text, (copy) => [
        `warning: ${shown} could not be read whole: the new numbers of ${listNames(result.lossy)} had a field of the wrong kind, and start afresh.`,
        `The file as it was is kept, unchanged, as ${copy}.`,
      ]);
    return result.variants;
  };

  const save = (variants: Map<string, ShownVariant>): void => {
    const dir = dirname(file);
    const temporary = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
    try {
      mkdirSync(dir, { recursive: true });
      const text = JSON.stringify({ version: variantsVersion, variants: Object.fromEntries(variants) }, null, 2);
      writeFileSync(temporary, `${text}\n`);
      renameSync(temporary, file);
    } catch (error) {
      if (existsSync(temporary)) rmSync(temporary, { force: true });
      throw new ReportedError(
        `the parts answered right for new numbers could not be saved to ${shown} (${(error as Error).message}); the file is as it was`,
      );
    }
  };

  return {
    answer(id, seed, part, right) {
      // Read just before writing: another command may have answered another exercise meanwhile.
      const variants = load();
      const kept = variants.get(id);
      const before = kept?.seed === seed ? kept.right.filter((p) => p !== part) : [];
      const after = right ? [...before, part] : before;
      variants.set(id, { seed, right: after });
      save(variants);
      return after;
    },
  };
}
