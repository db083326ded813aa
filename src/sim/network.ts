/**
 * How long a connection attempt waits when nothing answers. A dead process on a live host is
 * refused at once: the host replies with a reset within one round trip. A lost host, or a
 * network that drops packets, sends nothing back, so the caller's TCP stack retransmits its
 * SYN with a doubling wait and gives up only when the retries run out.
 */

export interface SynRetries {
  /** Retransmissions of the SYN after the first one (Linux: net.ipv4.tcp_syn_retries, default 6). */
  retries: number;
  /** The first retransmission time-out, in seconds (Linux: 1 s). */
  initialRtoSeconds: number;
}

/** Linux's defaults: 6 retries, doubling from 1 s (kernel documentation, ip-sysctl, tcp_syn_retries). */
export const linuxSynDefaults: SynRetries = { retries: 6, initialRtoSeconds: 1 };

/**
 * When the connect attempt fails: each wait doubles the last, and the attempt gives up when the
 * wait after the last retransmission ends: initial x (2^(retries + 1) - 1). Linux's defaults
 * give 127 s, the last retransmission going out at 63 s.
 */
export function synGiveUp({ retries, initialRtoSeconds }: SynRetries = linuxSynDefaults): {
  lastRetransmitSeconds: number;
  giveUpSeconds: number;
} {
  if (!Number.isInteger(retries) || retries < 0)
    throw new RangeError(`retries must be a whole number >= 0, got ${retries}`);
  if (!(initialRtoSeconds > 0)) throw new RangeError(`the initial time-out must be > 0, got ${initialRtoSeconds}`);
  return {
    lastRetransmitSeconds: initialRtoSeconds * (2 ** retries - 1),
    giveUpSeconds: initialRtoSeconds * (2 ** (retries + 1) - 1),
  };
}
