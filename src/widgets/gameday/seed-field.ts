/**
 * The game day's Seed field, read as the terminal reads `npm run gameday -- play <scenario>`:
 * a seed given is read by the course's one seed rule (readSeed, which `--seed` reads through
 * too, in seedOption), and none given plays the scenario's own seed (seedOption's fallback). On
 * the page, "none given" is the field left empty.
 */
import { readSeed, seedRule } from "../../sim/random.ts";

/**
 * The seed a game starts with from what the field holds: `value` by the seed rule, or `own` (the
 * scenario's seed) when the field is empty. `unreadable` is a number field's own word that what
 * was typed is no number (its validity's badInput): such a field reports its value as "", which
 * is not empty but refused ("1e" typed is not a seed, and must not start seed 1 unseen).
 * Undefined for anything that is not a seed ("-5", "1.5", "1e3", "1e").
 */
export function fieldSeed(value: string, own: number, unreadable = false): number | undefined {
  if (value.trim() === "") return unreadable ? undefined : own;
  return readSeed(value);
}

/** What the empty field shows: the seed it plays ("1 if empty"). */
export function seedPlaceholder(own: number): string {
  return `${own} if empty`;
}

/** What a screen reader hears after the field's name: what it plays when left empty. */
export function seedHelpText(own: number): string {
  return `Left empty, a game plays this scenario's own seed, ${own}.`;
}

/** What the field says under it when what it holds is not a seed, with what empty plays. */
export function seedErrorText(own: number): string {
  return `The seed must be ${seedRule}, or left empty for this scenario's own seed, ${own}.`;
}
