/**
 * An exercise's parameter in words, as a printed page names the numbers a variant deals: its
 * name, written in code as camelCase with the unit at its end ("meanMillis", "thresholdPct"), read
 * as words with the unit after the value ("mean 30 ms", "threshold 10%"). Exercises give their
 * parameters no labels of their own, so one rule names every one (param-words.test.ts holds it to
 * every exercise's names).
 */

/** A name's last word that is a unit of measure, and the unit written after the value. */
const unitWords: Record<string, { unit: string; space: boolean }> = {
  millis: { unit: "ms", space: true },
  ms: { unit: "ms", space: true },
  s: { unit: "s", space: true },
  seconds: { unit: "s", space: true },
  minutes: { unit: "min", space: true },
  percent: { unit: "%", space: false },
  pct: { unit: "%", space: false },
};

/** Words a name shortens, written out, and initialisms, in capitals. */
const fullWords: Record<string, string> = {
  min: "minimum",
  max: "maximum",
  dep: "dependency",
  deps: "dependencies",
  afr: "AFR",
  cpu: "CPU",
  qps: "QPS",
  rps: "RPS",
  ttl: "TTL",
};

/** The words of a camelCase name, in lower case: "fromRowBelow" -> ["from", "row", "below"]. */
function nameWords(name: string): string[] {
  return name
    .split(/(?<=[a-z0-9])(?=[A-Z])/)
    .map((word) => word.toLowerCase())
    .filter((word) => word !== "");
}

/**
 * The parameter `name` with its value (`valueText`, as the page writes it): "meanMillis", "30" ->
 * "mean 30 ms"; "afrPct", "3" -> "AFR 3%"; "minCalls", "130" -> "minimum calls 130". A name that is
 * a unit alone ("minutes") stays the noun it is: "minutes 35". A seed is written as it is typed,
 * its digits ungrouped: "seed 98105".
 */
export function paramWords(name: string, valueText: string): string {
  const words = nameWords(name);
  // A seed is a name for a run, typed as digits only (the one seed rule), never grouped: "seed 98105".
  if (words.at(-1) === "seed")
    return `${words.map((word) => fullWords[word] ?? word).join(" ")} ${valueText.replaceAll(",", "")}`;
  const unit = words.length > 1 ? unitWords[words.at(-1)!] : undefined;
  const label = (unit ? words.slice(0, -1) : words).map((word) => fullWords[word] ?? word).join(" ");
  if (!unit) return `${label} ${valueText}`;
  return `${label} ${valueText}${unit.space ? " " : ""}${unit.unit}`;
}
