/**
 * How the workshop kit names the retry-storm replay's Page Down stops, built from the stops
 * themselves: the content test builds them from the model, the site test from the built presenter
 * page, and both hold the kit's sentence to this one rule.
 */
import { listNames } from "../../src/format/words.ts";

/** What the kit calls each of the replay's key moments (its label on the presenter view's buttons). */
const kitNames: Record<string, string> = {
  "pricing slows": "pricing slowing",
  "pool full": "the pool filling",
  "goodput gone": "goodput gone",
  "pricing recovers": "pricing recovering",
  "first refusal": "the first refusal",
  "operators step in": "the intervention",
};

export function kitMomentName(label: string): string {
  const name = kitNames[label];
  if (name === undefined) throw new Error(`the kit has no name for the replay's moment "${label}"`);
  return name;
}

/**
 * The kit's list of stops: a stop named by its first moment, the others in the same second after
 * it; pricing recovering carries the storm block's question.
 */
export function kitStopNames(stops: readonly { labels: readonly string[] }[]): string {
  return listNames(
    stops.map(({ labels: [first, ...rest] }) => {
      const asked = first === "pricing recovers" ? " (the moment to ask why the outage goes on)" : "";
      const same = rest.length > 0 ? ` (with ${listNames(rest.map(kitMomentName))}, in the same second)` : "";
      return `${kitMomentName(first!)}${same}${asked}`;
    }),
  );
}
