import { expect, test } from "vitest";
import { rank, verifyCode } from "./board.ts";
import { ranked } from "./summary.ts";
import { CodeError, codeName, decodeRun, encodeRun, exampleCode, maxNameLength, runKey } from "./code.ts";
import { codeInLink } from "./code-link.ts";
import { finishedGame } from "./game.ts";
import { findScenario, grayHostOf, scenarios } from "./scenarios.ts";
import { listNames } from "../../format/words.ts";
import { hashName, seedRange } from "../random.ts";

const slow = { timeout: 60_000 };
const gray = findScenario("gray-failure")!;
const log = [{ at: 120, action: "eject-host" as const, target: "h07" }];
const score = finishedGame(gray, 1, log).finish().score;
const code = encodeRun({
  scenario: gray,
  seed: 1,
  name: "Ada Lovelace",
  claimedTenantMinutes: score.tenantMinutes,
  log,
});

test("a result code holds scenario, seed, name, score and log in a few dozen characters", () => {
  expect(code).toMatch(/^GD2-gf-1-Ada_Lovelace-\d+-1200eh6-[0-9a-z]+$/);
  expect(code.length).toBeLessThan(60);
  expect(decodeRun(code)).toEqual({
    scenario: gray,
    seed: 1,
    name: "Ada_Lovelace",
    claimedTenantMinutes: score.tenantMinutes,
    log,
  });
  // A link that carries it works as well as the bare code.
  expect(decodeRun(`https://example.org/gameday/board/#code=${code}`).log).toEqual(log);
  expect(codeName("  ")).toBe("anonymous");
  expect(codeName("Zoë & co-founder!")).toBe("Zo__cofounder");
});

test("the board accepts a code by playing its log and getting the score it claims", slow, () => {
  const verdict = verifyCode(code);
  expect(verdict.ok).toBe(true);
  if (verdict.ok) expect(verdict.entry.score).toEqual(score);
});

test("a tampered code is refused: changed characters fail the check digits", () => {
  const edited = code.replace("1200eh6", "1200eh5");
  expect(verifyCode(edited)).toEqual({
    ok: false,
    reason: "this code was changed after it was made: its check digits do not match (copy it again, whole)",
  });
  expect(verifyCode("hello")).toMatchObject({
    ok: false,
    reason: expect.stringMatching(/^not a game day result code/),
  });
});

test(
  "a code whose score was edited (check digits recomputed) is refused: the board computes the score itself",
  slow,
  () => {
    const forged = encodeRun({ scenario: gray, seed: 1, name: "Mallory", claimedTenantMinutes: 0.5, log });
    const verdict = verifyCode(forged);
    // Both scores as the board shows them (a tenth), not as raw numbers ("3.516").
    expect(score.tenantMinutes).toBe(3.516);
    expect(verdict).toEqual({
      ok: false,
      reason: "the score in this code (0.5 tenant-minutes) is not what its actions earn (3.5): it was edited",
    });
  },
);

test("an edit smaller than the tenth the board shows is told to the thousandth a code keeps", slow, () => {
  const forged = encodeRun({ scenario: gray, seed: 1, name: "Mallory", claimedTenantMinutes: 3.5, log });
  expect(verifyCode(forged)).toEqual({
    ok: false,
    reason: "the score in this code (3.500 tenant-minutes) is not what its actions earn (3.516): it was edited",
  });
  const big = encodeRun({ scenario: gray, seed: 1, name: "Mallory", claimedTenantMinutes: 1234.5, log });
  expect(verifyCode(big)).toMatchObject({ reason: expect.stringContaining("(1,234.5 tenant-minutes)") });
});

test("a code whose log cannot be played is refused, naming the entry", slow, () => {
  const bad = encodeRun({
    scenario: gray,
    seed: 1,
    name: "Eve",
    claimedTenantMinutes: 1,
    log: [...log, { at: 130, action: "eject-host", target: "h07" }],
  });
  expect(verifyCode(bad)).toEqual({
    ok: false,
    reason: "its actions cannot be played: entry 2 (eject-host h07 at 130 s): h07 is already ejected",
  });
});

test("the board ranks by what the logs earn: fewer tenant-minutes first", slow, () => {
  const nothing = finishedGame(gray, 1, []).finish().score;
  const lazy = encodeRun({
    scenario: gray,
    seed: 1,
    name: "Lazy",
    claimedTenantMinutes: nothing.tenantMinutes,
    log: [],
  });
  const entries = [verifyCode(lazy), verifyCode(code)].map((v) => (v.ok ? v.entry : null)!);
  expect(rank(entries).map((e) => e.name)).toEqual(["Ada_Lovelace", "Lazy"]);
});

test("a run that acted before the fault is listed after the responses, unranked, however well it scored", slow, () => {
  // The same step as Ada's, taken before the host slowed down: the player knew the scenario.
  const earlyLog = [{ at: gray.faultAt - 30, action: "eject-host" as const, target: "h07" }];
  const earlyScore = finishedGame(gray, 1, earlyLog).finish().score;
  expect(earlyScore.tenantMinutes).toBeLessThan(score.tenantMinutes);
  const early = encodeRun({
    scenario: gray,
    seed: 1,
    name: "Seer",
    claimedTenantMinutes: earlyScore.tenantMinutes,
    log: earlyLog,
  });
  const lazy = encodeRun({
    scenario: gray,
    seed: 1,
    name: "Lazy",
    claimedTenantMinutes: finishedGame(gray, 1, []).finish().score.tenantMinutes,
    log: [],
  });
  const entries = [early, lazy, code].map((c) => verifyCode(c)).map((v) => (v.ok ? v.entry : null)!);
  expect(entries.map((e) => e.beforeFault)).toEqual([1, 0, 0]);
  expect(rank(entries).map((e) => [e.name, ranked(e)])).toEqual([
    ["Ada_Lovelace", true],
    ["Lazy", true],
    ["Seer", false],
  ]);
});

test("a code carries any seed of the one seed rule, and refuses a seed outside it", () => {
  const biggest = encodeRun({ scenario: gray, seed: seedRange.max, name: "Ada", claimedTenantMinutes: 1, log });
  expect(decodeRun(biggest).seed).toBe(seedRange.max);
  // The same code one seed further, check digits and all, as a tool that ignores the rule would make it.
  const over = encodeRun({ scenario: gray, seed: seedRange.max + 1, name: "Ada", claimedTenantMinutes: 1, log });
  expect(() => decodeRun(over)).toThrow(/the seed "4294967296" is not a whole number from 0 to 4,294,967,295/);
});

test("a link whose code has a malformed %-escape is read as a damaged code, never thrown as a URIError", () => {
  // A link cut short in the middle of an escape froze the game day and hid the board's stored runs.
  for (const link of ["#code=abc%E0%A4%A", "https://example.org/gameday/board/#code=garbage%ZZ"]) {
    expect(codeInLink(link)).toBe(link.slice(link.indexOf("code=") + 5));
    expect(() => decodeRun(link)).toThrow(CodeError);
  }
  expect(codeInLink("#code=a%20b")).toBe("a b");
  expect(codeInLink("#other=1")).toBeNull();
});

test("a code whose name no player could have given (markup, empty, too long) is refused, check digits and all", () => {
  // Forged by a tool that signs what it likes: the page and the board showed these names as given.
  for (const name of ["<b>Mallory</b>", "", "A".repeat(maxNameLength + 1), "Zoë"]) {
    const forged = code.replace("-Ada_Lovelace-", `-${name}-`).replace(/-[0-9a-z]+$/, "");
    const signed = `${forged}-${hashName(forged).toString(36)}`;
    expect(() => decodeRun(signed), name).toThrow(
      new CodeError(
        `the name "${name}" is not a name as a code writes it (letters, digits and underscores, 1 to ${maxNameLength})`,
      ),
    );
  }
  // The longest name a player can give is read back as given.
  const longest = encodeRun({ scenario: gray, seed: 1, name: "B".repeat(40), claimedTenantMinutes: 1, log });
  expect(decodeRun(longest).name).toBe("B".repeat(maxNameLength));
});

/** A code as the format before GD2 wrote it: the same fields under GD1, signed again. */
function asGd1(gd2: string): string {
  const body = gd2.split("-").slice(0, -1).join("-").replace(/^GD2-/, "GD1-");
  return `${body}-${hashName(body).toString(36)}`;
}

test(
  "a GD1 code plays on where its fault has not moved, and is refused, not called edited, where the seed now puts it elsewhere",
  slow,
  () => {
    // Gray failure, seed 1: the slow host is still h07, as GD1 had it on every seed.
    expect(verifyCode(asGd1(code)).ok).toBe(true);
    // A seed whose slow host is no longer h07: the old run would not play again as it was played.
    const seed = [2, 3, 4, 5, 6, 7, 8].find((s) => grayHostOf(s) !== "h07")!;
    const moved = asGd1(encodeRun({ scenario: gray, seed, name: "Ada", claimedTenantMinutes: 3.5, log }));
    expect(() => decodeRun(moved)).toThrow(CodeError);
    expect(() => decodeRun(moved)).toThrow(
      `this code comes from an earlier version of the game day (GD1), when "${gray.title}" put its fault in the same place on every seed; on seed ${seed} the fault has moved since`,
    );
    const verdict = verifyCode(moved);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).not.toMatch(/edited|changed after/);
    // Poison with fixed groups, seed 1: t07 then, another tenant now.
    const poison = findScenario("poison-fixed")!;
    const poisonCode = asGd1(encodeRun({ scenario: poison, seed: 1, name: "Ada", claimedTenantMinutes: 1, log: [] }));
    expect(() => decodeRun(poisonCode)).toThrow("earlier version of the game day (GD1)");
    // Scenarios whose fault never moved read GD1 codes as they always did.
    const storm = findScenario("retry-storm")!;
    const stormRun = { scenario: storm, seed: 4, name: "Ada", claimedTenantMinutes: 1, log: [] };
    expect(decodeRun(asGd1(encodeRun(stormRun)))).toEqual(stormRun);
    expect(() => decodeRun(code.replace(/^GD2-/, "GD0-"))).toThrow("not a game day result code");
  },
);

test("the code a refusal shows as an example is one the board accepts", slow, () => {
  expect(exampleCode).toBe(
    encodeRun({ scenario: gray, seed: 1, name: "Ada", claimedTenantMinutes: score.tenantMinutes, log }),
  );
  expect(verifyCode(exampleCode).ok).toBe(true);
  expect(() => decodeRun("GD2-nonsense")).toThrow(`they look like ${exampleCode}`);
});

test("a code for a scenario this course does not have is refused as such, not called changed", () => {
  const known = listNames(scenarios.map((s) => s.code).sort());
  expect(known).toContain("gf, ");
  // As the audit pasted it: its check digits do not match either, and the refusal says both.
  expect(verifyCode("GD2-xx-1-a-1-1-1")).toEqual({
    ok: false,
    reason: `unknown scenario "xx": no game day of this course has that code (theirs are ${known}), and its check digits do not match: it was mistyped or changed after it was made (copy it again, whole)`,
  });
  // Whole, as another version of the course would make it: the check digits match.
  const body = code.split("-").slice(0, -1).join("-").replace("-gf-", "-zz-");
  expect(verifyCode(`${body}-${hashName(body).toString(36)}`)).toEqual({
    ok: false,
    reason: `unknown scenario "zz": no game day of this course has that code (theirs are ${known}); it may come from another version of the course`,
  });
  // A scenario part that could not be a scenario's letters is not quoted back.
  expect(() => decodeRun("GD2-<b>-1-a-1-1-1")).toThrow(
    new CodeError(
      `unknown scenario: no game day of this course has that code (theirs are ${known}), and its check digits do not match: it was mistyped or changed after it was made (copy it again, whole)`,
    ),
  );
  // A known scenario whose check digits do not match is still called changed.
  expect(verifyCode(code.replace("1200eh6", "1200eh5"))).toMatchObject({
    reason: expect.stringMatching(/^this code was changed/),
  });
});

/** `code` with its fields changed by `edit`, signed again as anyone can (the check function is public). */
function resigned(text: string, edit: (fields: string[]) => string[]): string {
  const body = edit(text.split("-").slice(0, -1)).join("-");
  return `${body}-${hashName(body).toString(36)}`;
}

test("a code is read only in the form the game writes for its run: a leading zero, check digits recomputed, is refused", () => {
  // The red-team audit's forms: the same run as Ada's, each one more row on the board.
  expect(code.split("-").slice(0, 6)).toEqual(["GD2", "gf", "1", "Ada_Lovelace", "3516", "1200eh6"]);
  const forms: [string, (f: string[]) => string[], string][] = [
    ["its seed", (f) => f.with(2, "01"), '"01" as "1"'],
    ["its score", (f) => f.with(4, "03516"), '"03516" as "3516"'],
    ["its action 1", (f) => f.with(5, "01200eh6"), '"01200eh6" as "1200eh6"'],
    ["its action 1", (f) => f.with(5, "1200eh06"), '"1200eh06" as "1200eh6"'],
  ];
  for (const [field, edit, writes] of forms) {
    const rewritten = resigned(code, edit);
    const reason = `not in the form the game writes: the game writes ${field} ${writes}, so this code was rewritten after the game made it (ask for the code as the game showed it)`;
    expect(() => decodeRun(rewritten), rewritten).toThrow(new CodeError(reason));
    expect(verifyCode(rewritten)).toEqual({ ok: false, reason });
    // Not a run, so the board keys it by its text: it is refused where it was pasted.
    expect(runKey(rewritten)).toBe(rewritten);
  }
  // The form the game writes is read, bare or in a link, and is its own key.
  expect(runKey(code)).toBe(code);
  expect(runKey(` https://example.org/gameday/board/#code=${code} `)).toBe(code);
  expect(runKey(" not-a-code ")).toBe("not-a-code");
});

test(
  "a run GD1 wrote is read as GD1 wrote it, and keyed as GD2 writes it: one run, one key, whichever form is pasted",
  slow,
  () => {
    const gd1 = asGd1(code);
    expect(gd1).not.toBe(code);
    expect(runKey(gd1)).toBe(code);
    const [now, before] = [verifyCode(code), verifyCode(gd1)];
    expect(now.ok && before.ok).toBe(true);
    if (now.ok && before.ok) {
      // The board lists a run under its entry's code: the GD1 form is the same row as the GD2 one.
      expect(before.entry.code).toBe(code);
      expect(before.entry).toEqual(now.entry);
    }
    // A leading zero in a GD1 code is no more a form GD1 wrote than one in GD2.
    const padded = resigned(gd1, (f) => f.with(2, "001"));
    expect(() => decodeRun(padded)).toThrow('not in the form the game writes: the game writes its seed "001" as "1"');
  },
);

test("a run under another name, check digits recomputed, is read as that name's: the board marks it (board.test.ts)", () => {
  const renamed = resigned(code, (f) => f.with(3, "Someone_else"));
  expect(decodeRun(renamed)).toEqual({ ...decodeRun(code), name: "Someone_else" });
  expect(runKey(renamed)).toBe(renamed);
});
