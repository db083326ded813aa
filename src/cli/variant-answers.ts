/**
 * The terminal's new numbers on show: `.blast-radius/variants.json`, beside progress.json (not
 * progress: nothing in it is exported or counted). For each exercise answered with `--seed N` on
 * numbers no due review deals, it keeps the seed and the parts answered right for those numbers,
 * as the chapter page keeps them for the numbers on show (src/widgets/exercise/mount.ts): a right
 * answer adds its part, a wrong one takes it away, and another seed starts afresh, as New numbers
 * does on the page. So `answer` says the record and these numbers apart across commands, in the
 * page's words (statusLine: "✓ Solved before · these numbers (variant 42): 1 of 2 parts answered
 * right so far"), where it said "solved." from the record of numbers answered before. It keeps too
 * the parts the record held answered when those numbers were first answered (`before`), as the page
 * keeps them when it deals new numbers: a right answer there also solves its part in the record, and
 * a part solved so is said to be newly solved, never solved before.
 *
 * The file is `{ version: 1, variants: { <id>: { seed, right: [<part id>, ...], before: [<part
 * id>, ...] } } }`; `before` is absent from a file written before it was kept, whose numbers are
 * then said with the record as it stands (nothing said to be before). One that
 * cannot be read (broken JSON, a newer version, something else), or only in part, is never
 * written over without a copy, as progress.json is not (the rules of src/cli/json-file.ts): it is
 * kept as variants.unreadable-<time>.json, the learner is told once, and the numbers it held start
 * afresh; if the copy cannot be made, nothing is written. Writes go through a temporary file and a
 * rename, and each read-change-write holds variants.json.lock, by the store's lock that guards
 * progress.json too, so two commands at once each keep their change.
 */
import { isId } from "../course/ids.ts";
import { listNames } from "../format/words.ts";
import { isSeed } from "../sim/random.ts";
import { jsonFile, type LockClock } from "./json-file.ts";

/** New numbers of one exercise answered in the terminal: their seed, and the parts answered right for them. */
export interface ShownVariant {
  seed: number;
  right: string[];
  /** The parts the record held answered (solved, or after seeing the solution) when these numbers were first answered. */
  before?: string[];
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
      const { seed, right, before } = isRecord(record) ? record : {};
      const parts = (v: unknown): v is string[] => Array.isArray(v) && v.every(isId);
      if (isId(id) && isSeed(seed) && parts(right) && (before === undefined || parts(before)))
        variants.set(id, {
          seed,
          right: [...new Set(right)],
          ...(before === undefined ? {} : { before: [...new Set(before)] }),
        });
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
   * `before`: the parts the record holds answered, read before this answer is recorded there; kept
   * with the first answer on these numbers (answeredInRecord, src/course/solution-offer.ts).
   */
  answer(id: string, seed: number, part: string, right: boolean, before?: readonly string[]): string[];
  /**
   * The numbers of `seed` as kept: the parts answered right for them, and the parts the record
   * held answered when they were first answered (when kept); undefined if they are not the
   * numbers kept for `id` (never answered, or other numbers answered since).
   */
  kept(id: string, seed: number): ShownVariant | undefined;
}

export function variantStore(
  file: string,
  {
    cwd,
    warn,
    now = () => new Date(),
    lockClock,
  }: { cwd: string; warn: (text: string) => void; now?: () => Date; lockClock?: LockClock },
): VariantStore {
  const store = jsonFile<Map<string, ShownVariant>>(file, {
    cwd,
    warn,
    now,
    lockClock,
    empty: () => new Map(),
    reader(text) {
      const result = readVariantsText(text);
      if (!result.ok)
        return {
          ok: false,
          warning: (shown, copy) => [
            `warning: ${shown} could not be read: ${result.message}.`,
            `It holds only which parts of new numbers (--seed) you answered right in the terminal, not your progress: those start afresh. The file is kept, unchanged, as ${copy}.`,
          ],
        };
      const { variants, lossy } = result;
      return {
        ok: true,
        value: variants,
        warning:
          lossy.length > 0
            ? (shown, copy) => [
                `warning: ${shown} could not be read whole: the new numbers of ${listNames(lossy)} had a field of the wrong kind, and start afresh.`,
                `The file as it was is kept, unchanged, as ${copy}.`,
              ]
            : undefined,
      };
    },
    json: (variants) => ({ version: variantsVersion, variants: Object.fromEntries(variants) }),
    words: { holds: "the parts answered right for new numbers" },
  });

  return {
    answer(id, seed, part, right, before) {
      // Read just before writing: another command may have answered another exercise meanwhile.
      return store.update((variants) => {
        const kept = variants.get(id)?.seed === seed ? variants.get(id) : undefined;
        const others = kept ? kept.right.filter((p) => p !== part) : [];
        const after = right ? [...others, part] : others;
        // The record as it was when these numbers were first answered: kept from then on.
        const held = kept ? kept.before : before && [...before];
        variants.set(id, { seed, right: after, ...(held === undefined ? {} : { before: held }) });
        return after;
      });
    },
    kept(id, seed) {
      const kept = store.read().get(id);
      return kept?.seed === seed ? kept : undefined;
    },
  };
}
