import { expect, test } from "vitest";
import { linuxSynBefore65, linuxSynDefaults, synGiveUp, synWaits } from "./network.ts";

test("Linux's defaults since 6.5: last SYN at 67 s, the connect fails at 131 s (kernel ip-sysctl, tcp_syn_retries)", () => {
  expect(linuxSynDefaults).toEqual({ retries: 6, initialRtoSeconds: 1, linearTimeouts: 4 });
  // tcp_syn_linear_timeouts: "1, 1, 1, 1, 1, 2, 4, ..." with an initial time-out of 1 s.
  expect(synWaits(linuxSynDefaults)).toEqual([1, 1, 1, 1, 1, 2, 4, 8, 16, 32, 64]);
  expect(synGiveUp()).toEqual({ retransmissions: 10, lastRetransmitSeconds: 67, giveUpSeconds: 131 });
});

test("kernels before 6.5 double from the first wait: last SYN at 63 s, failure at 127 s", () => {
  expect(synWaits(linuxSynBefore65)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  expect(synGiveUp(linuxSynBefore65)).toEqual({ retransmissions: 6, lastRetransmitSeconds: 63, giveUpSeconds: 127 });
  expect(synGiveUp({ retries: 2, initialRtoSeconds: 1, linearTimeouts: 0 }).giveUpSeconds).toBe(7);
});

test("bad settings are refused", () => {
  expect(() => synGiveUp({ retries: -1, initialRtoSeconds: 1, linearTimeouts: 0 })).toThrow(RangeError);
  expect(() => synGiveUp({ retries: 6, initialRtoSeconds: 1, linearTimeouts: 1.5 })).toThrow(/linear/);
  expect(() => synGiveUp({ retries: 6, initialRtoSeconds: 0, linearTimeouts: 0 })).toThrow(/initial/);
});
