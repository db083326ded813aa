import { expect, test } from "vitest";
import { codeInLink } from "../../sim/gameday/code-link.ts";
import { hashWithCode } from "./share.ts";

test("a fragment loses its result code and keeps everything else", () => {
  expect(hashWithCode("#code=abc-1", null)).toBe("");
  expect(hashWithCode("", null)).toBe("");
  expect(hashWithCode("#seat=3", null)).toBe("#seat=3");
  expect(hashWithCode("#seat=3&code=abc-1", null)).toBe("#seat=3");
  expect(hashWithCode("#code=abc-1&seat=3", null)).toBe("#seat=3");
  expect(hashWithCode("#seat=3&code=abc-1&row=2", null)).toBe("#seat=3&row=2");
  expect(hashWithCode("#notes?code=abc-1&row=2", null)).toBe("#notes?row=2");
  // Two codes: the second would be read once the first had gone.
  expect(hashWithCode("#code=abc-1&code=def-2", null)).toBe("");
  // "code=" with nothing after it is no code (codeInLink reads none), so it stays.
  expect(hashWithCode("#code=", null)).toBe("#code=");
});

test("a fragment takes another code in place of the one it held, read back as given", () => {
  const code = "retry-storm-1-Zoë & Ada-1x2-9z";
  for (const hash of ["", "#code=abc-1", "#seat=3&code=abc-1", "#code=abc-1&seat=3", "#code=a&code=b"]) {
    const next = hashWithCode(hash, code);
    expect(codeInLink(next)).toBe(code);
    expect(hashWithCode(next, null)).toBe(hashWithCode(hash, null));
  }
  expect(hashWithCode("#seat=3&code=abc-1", "def-2")).toBe("#seat=3&code=def-2");
});
