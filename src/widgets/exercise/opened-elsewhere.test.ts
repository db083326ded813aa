import { expect, test } from "vitest";
import { progressKey } from "../../course/progress.ts";
import { unreadableKey } from "../progress/store.ts";
import { openedElsewhere } from "./opened-elsewhere.ts";

const id = "shuffle-shard-16-workers";
/** A stored value with this exercise's record: its hints and whether its solution was seen. */
const stored = (hints: number, revealed: boolean, other = 0) =>
  JSON.stringify({
    version: 1,
    exercises: {
      [id]: { parts: { shuffle: { attempts: 1, solved: false } }, hints, revealed },
      "diagnose-poison-shard": { parts: {}, hints: other, revealed: false },
    },
  });

test("a hint opened in another tab: the record's new count, the first ones to have open", () => {
  expect(openedElsewhere(progressKey, stored(1, false), stored(2, false), id)).toEqual({ hints: 2, revealed: false });
  // The first progress ever stored, or stored over a value that cannot be read: from nothing.
  expect(openedElsewhere(progressKey, null, stored(1, false), id)).toEqual({ hints: 1, revealed: false });
  expect(openedElsewhere(progressKey, "{not json", stored(3, false), id)).toEqual({ hints: 3, revealed: false });
});

test("the solution shown in another tab: revealed once, when the record comes to say it", () => {
  expect(openedElsewhere(progressKey, stored(1, false), stored(1, true), id)).toEqual({ hints: 0, revealed: true });
  expect(openedElsewhere(progressKey, null, stored(0, true), id)).toEqual({ hints: 0, revealed: true });
});

test("a write that leaves the exercise as it was, or takes from it, opens nothing", () => {
  const nothing = { hints: 0, revealed: false };
  // Another exercise's hint: this one's record, revealed and with two hints, is unchanged.
  expect(openedElsewhere(progressKey, stored(2, true, 0), stored(2, true, 1), id)).toEqual(nothing);
  // A reset or an import with fewer hints and the solution unseen closes nothing either.
  expect(openedElsewhere(progressKey, stored(2, true), stored(0, false), id)).toEqual(nothing);
  expect(openedElsewhere(progressKey, stored(2, true), null, id)).toEqual(nothing);
  // Unreadable now: nothing is known of it.
  expect(openedElsewhere(progressKey, stored(0, false), "{not json", id)).toEqual(nothing);
});

test("only the progress's own key: a copy kept aside, or the storage cleared (no key), opens nothing", () => {
  const nothing = { hints: 0, revealed: false };
  expect(openedElsewhere(unreadableKey, null, stored(2, true), id)).toEqual(nothing);
  expect(openedElsewhere(null, null, null, id)).toEqual(nothing);
});
