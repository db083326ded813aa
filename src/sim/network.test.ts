import { expect, test } from "vitest";
import { linuxSynDefaults, synGiveUp } from "./network.ts";

test("Linux's defaults: the last SYN goes out at 63 s and the connect fails at 127 s (kernel ip-sysctl)", () => {
  expect(linuxSynDefaults).toEqual({ retries: 6, initialRtoSeconds: 1 });
  expect(synGiveUp()).toEqual({ lastRetransmitSeconds: 63, giveUpSeconds: 127 });
  // Doubling from 1 s: 1 + 2 + 4 + 8 + 16 + 32 + 64.
  expect(synGiveUp().giveUpSeconds).toBe([1, 2, 4, 8, 16, 32, 64].reduce((a, b) => a + b));
  expect(synGiveUp({ retries: 2, initialRtoSeconds: 1 }).giveUpSeconds).toBe(7);
  expect(() => synGiveUp({ retries: -1, initialRtoSeconds: 1 })).toThrow(RangeError);
});
