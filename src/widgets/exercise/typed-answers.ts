/**
 * What the learner typed, ticked or picked in a chapter exercise's answer fields, kept across a
 * reload as a code exercise's edited code is (mount.ts, exerciseCodeKey): in the site's storage,
 * under `blast-radius:exercise-answers:v1:<id>`, for each part and the numbers it was typed for.
 * An answer typed for variant 42 comes back only when variant 42 is dealt again, never under the
 * chapter's numbers or another variant's. Kept: the chapter's numbers and the last variant typed in.
 *
 * Only the text comes back: nothing is checked, counted, unlocked or marked solved. The learner
 * presses Check again for a verdict, which the grader gives then; an answer checked before is not
 * counted twice (recordAttempt). Each edit writes only its own part, so two tabs of one chapter
 * each keep what they typed, and a reload shows the last text typed in each part, in either tab; a
 * page left open does not follow the other tab's typing. Where storage is refused (siteStorage()
 * null) nothing is kept and the fields work as before. Not on /review/, whose numbers and answers
 * the review page keeps itself (src/widgets/review/page.ts).
 */
import { keep, siteStorage, type Store } from "../site-storage.ts";
import { type Fields, fillForm, formFields } from "./form-fields.ts";

/** Where an exercise's typed answers are kept. */
export const typedAnswersKey = (id: string) => `blast-radius:exercise-answers:v1:${id}`;

/** Per numbers ("chapter", or "variant <seed>"), per part, the fields with something in them. */
export type Kept = Record<string, Record<string, Fields>>;

/** The name of the numbers on show: the chapter's, or a dealt variant's. */
export function numbersName(seed: number | null): string {
  return seed === null ? "chapter" : `variant ${seed}`;
}

/** Longest value kept for one field: an answer field takes 200 characters (maxAnswerLength). */
const maxValueLength = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function readFields(v: unknown): Fields | undefined {
  if (!Array.isArray(v)) return undefined;
  const fields = v.filter(
    (f): f is [string, string] =>
      Array.isArray(f) &&
      f.length === 2 &&
      typeof f[0] === "string" &&
      typeof f[1] === "string" &&
      f[1] !== "" &&
      f[1].length <= maxValueLength,
  );
  return fields.length > 0 ? fields : undefined;
}

/** The kept answers in a stored value: what can be read of it, nothing when it cannot be. */
export function readKept(text: string | null): Kept {
  if (text === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(value)) return {};
  const kept: Kept = {};
  for (const [numbers, parts] of Object.entries(value)) {
    if (!isObject(parts)) continue;
    for (const [part, given] of Object.entries(parts)) {
      const fields = readFields(given);
      if (fields) (kept[numbers] ??= {})[part] = fields;
    }
  }
  return kept;
}

/**
 * `kept` with part `part`'s fields for `numbers` set to `fields` (the empty ones left out; a part
 * with none is forgotten). Typing for a variant forgets what was kept for any other variant.
 */
export function withPart(kept: Kept, numbers: string, part: string, fields: Fields): Kept {
  const next: Kept = {};
  for (const [name, parts] of Object.entries(kept))
    if (name === numbers || name === "chapter" || numbers === "chapter") next[name] = { ...parts };
  const filled = fields.filter(([, value]) => value !== "" && value.length <= maxValueLength);
  const parts = (next[numbers] ??= {});
  if (filled.length > 0) parts[part] = filled;
  else delete parts[part];
  if (Object.keys(parts).length === 0) delete next[numbers];
  return next;
}

/** What is stored for `kept`: null (the key forgotten) when nothing is kept. */
export function keptText(kept: Kept): string | null {
  return Object.keys(kept).length === 0 ? null : JSON.stringify(kept);
}

/** Each exercise whose typed answers are kept (keepTypedAnswers): where, and the numbers on show. */
const keeping = new WeakMap<HTMLElement, { storage: Store; numbers: string }>();

/**
 * Fills each part's form of `root` with what is kept for the numbers on show; a part with nothing
 * kept is left as it is. A storage that throws on reading keeps nothing.
 */
function fillKept(root: HTMLElement, id: string): void {
  const kept = keeping.get(root);
  if (!kept) return;
  let parts: Record<string, Fields>;
  try {
    parts = readKept(kept.storage.getItem(typedAnswersKey(id)))[kept.numbers] ?? {};
  } catch {
    return;
  }
  for (const form of root.querySelectorAll<HTMLFormElement>("form[data-part]")) {
    const fields = parts[form.dataset.part ?? ""];
    if (fields) fillForm(form, fields);
  }
}

/**
 * Exercise `id` in `root` shows what was typed for the chapter's numbers, and keeps each edit of
 * an answer field from now on (bootstrap.ts, before the widget loads, so no key typed is missed).
 * Not on /review/, nor where storage is refused.
 */
export function keepTypedAnswers(root: HTMLElement, id: string, storage: Store | null = siteStorage()): void {
  if (root.dataset.inReview !== undefined || !storage || keeping.has(root)) return;
  const state = { storage, numbers: numbersName(null) };
  keeping.set(root, state);
  fillKept(root, id);
  const onEdit = (event: Event) => {
    const form = event.target instanceof Element ? event.target.closest<HTMLFormElement>("form[data-part]") : null;
    const part = form?.dataset.part;
    if (!form || !part || !root.contains(form)) return;
    let kept: Kept;
    try {
      kept = readKept(storage.getItem(typedAnswersKey(id)));
    } catch {
      return;
    }
    keep(typedAnswersKey(id), keptText(withPart(kept, state.numbers, part, formFields(form))), storage);
  };
  root.addEventListener("input", onEdit);
  root.addEventListener("change", onEdit);
}

/**
 * New numbers dealt (mount.ts, deal; the forms emptied): what was typed for them comes back, and
 * edits are kept for them from now on. Nothing where the exercise's answers are not kept.
 */
export function showTypedAnswers(root: HTMLElement, id: string, seed: number | null): void {
  const kept = keeping.get(root);
  if (!kept) return;
  kept.numbers = numbersName(seed);
  fillKept(root, id);
}
