import { describe, expect, test } from "vitest";
import { grouped } from "../../format/number.ts";
import {
  answerLimits,
  debriefFieldLimit,
  limitAnnouncement,
  limitLevel,
  limitText,
  nearShare,
  pasteCutText,
} from "./limits.ts";

const max = answerLimits.notes;
const near = Math.ceil(max * nearShare);

describe("a field's length against its limit", () => {
  test("is quiet below the near share, near from it, at the limit, and over it only past it", () => {
    expect(limitLevel(0, max)).toBe("quiet");
    expect(limitLevel(near - 1, max)).toBe("quiet");
    expect(limitLevel(near, max)).toBe("near");
    expect(limitLevel(max - 1, max)).toBe("near");
    expect(limitLevel(max, max)).toBe("at");
    expect(limitLevel(max + 1, max)).toBe("over");
    // A limit of one character is at its limit, never near it, with one typed.
    expect(limitLevel(0, 1)).toBe("quiet");
    expect(limitLevel(1, 1)).toBe("at");
  });

  test("refuses a limit that is no limit", () => {
    expect(() => limitLevel(1, 0)).toThrow(/whole number above 0, got 0/);
    expect(() => limitLevel(1, 2.5)).toThrow(/got 2.5/);
    expect(() => limitLevel(1, Number.NaN)).toThrow(RangeError);
  });

  test("says the limit while quiet, the count near it, and what happens at and over it, grouped as the course writes numbers", () => {
    expect(limitText(12, max)).toBe(`Up to ${grouped(max)} characters.`);
    expect(limitText(near, max)).toBe(`${grouped(near)} of ${grouped(max)} characters.`);
    expect(limitText(max, max)).toBe(
      `${grouped(max)} of ${grouped(max)} characters: the limit. Anything more you type is not added.`,
    );
    expect(limitText(max + 1234, max)).toBe(
      `${grouped(max + 1234)} of ${grouped(max)} characters: only the first ${grouped(max)} are kept; shorten it to keep the rest.`,
    );
    // The grouping is the course's: a comma every three digits.
    expect(limitText(4321, 5000)).toBe("4,321 of 5,000 characters.");
  });

  test("is said only when it moves nearer the limit, not at every key", () => {
    expect(limitAnnouncement("quiet", "quiet", 10, max, "Your answer")).toBeNull();
    expect(limitAnnouncement("quiet", "near", near, max, "Your answer")).toBe(
      `Your answer: ${grouped(near)} of ${grouped(max)} characters.`,
    );
    expect(limitAnnouncement("near", "near", near + 1, max, "Your answer")).toBeNull();
    expect(limitAnnouncement("near", "at", max, max, "Your answer")).toBe(`Your answer: ${limitText(max, max)}`);
    // Deleting back from the limit says nothing; reaching it again says it again.
    expect(limitAnnouncement("at", "near", max - 1, max, "Your answer")).toBeNull();
    expect(limitAnnouncement("near", "quiet", 1, max, "Your answer")).toBeNull();
    // A paste from empty to full says the limit, not the nearing.
    expect(limitAnnouncement("quiet", "at", max, max, "Evidence")).toBe(`Evidence: ${limitText(max, max)}`);
  });

  test("a paste that did not fit says how much of it was kept", () => {
    expect(pasteCutText(300, 300)).toBeNull();
    expect(pasteCutText(6200, 1000)).toBe(
      "Only the first 1,000 of the 6,200 characters you pasted fit; the last 5,200 were not added.",
    );
    expect(pasteCutText(40, 0)).toBe("Nothing of the 40 characters you pasted was added: the field is at its limit.");
  });
});

test("a debrief field takes as much as the notes hold, and never less than the floor", () => {
  expect(debriefFieldLimit("")).toBe(answerLimits.debriefFieldFloor);
  const long = "x".repeat(answerLimits.debriefFieldFloor + 700);
  expect(debriefFieldLimit(long)).toBe(long.length);
});
