/**
 * How long a connection attempt waits when nothing answers. A dead process on a live host is
 * refused at once: the host replies with a reset within one round trip. A lost host, or a
 * network that drops packets, sends nothing back, so the caller's TCP stack retransmits its
 * SYN, waiting longer each time, and gives up only when the retries run out.
 */

export interface SynRetries {
  /** Linux: net.ipv4.tcp_syn_retries, default 6. */
  retries: number;
  /** The first retransmission timeout, in seconds (Linux: 1 s). */
  initialRtoSeconds: number;
  /**
   * Linux: net.ipv4.tcp_syn_linear_timeouts (since 6.5, default 4). That many extra
   * retransmissions wait the initial timeout, before the doubling starts; 0 is the classic
   * schedule, doubling from the first retransmission.
   */
  linearTimeouts: number;
}

/**
 * Linux's defaults since 6.5: 6 retries and 4 linear timeouts from 1 s. The SYN is sent again
 * after waits of 1, 1, 1, 1, 1, 2, 4, 8, 16 and 32 s (kernel documentation, ip-sysctl:
 * tcp_syn_retries, tcp_syn_linear_timeouts).
 */
export const linuxSynDefaults: SynRetries = { retries: 6, initialRtoSeconds: 1, linearTimeouts: 4 };
/** Kernels before 6.5: the same 6 retries, doubling from the first wait. */
export const linuxSynBefore65: SynRetries = { ...linuxSynDefaults, linearTimeouts: 0 };

/**
 * The waits of a connect attempt that nothing answers, in seconds: one before each
 * retransmission of the SYN, and the last one before the attempt gives up. The first
 * `linearTimeouts + 1` waits are the initial timeout; each later wait doubles the one before.
 */
export function synWaits({ retries, initialRtoSeconds, linearTimeouts }: SynRetries): number[] {
  if (!Number.isInteger(retries) || retries < 0)
    throw new RangeError(`retries must be a whole number >= 0, got ${retries}`);
  if (!Number.isInteger(linearTimeouts) || linearTimeouts < 0)
    throw new RangeError(`linear timeouts must be a whole number >= 0, got ${linearTimeouts}`);
  if (!(initialRtoSeconds > 0)) throw new RangeError(`the initial timeout must be > 0, got ${initialRtoSeconds}`);
  const transmissions = retries + linearTimeouts;
  return Array.from({ length: transmissions + 1 }, (_, i) => initialRtoSeconds * 2 ** Math.max(0, i - linearTimeouts));
}

/**
 * When the connect attempt fails: the last retransmission goes out after every wait but the
 * last, and the attempt gives up when that last wait ends. Linux's defaults give 131 s, the
 * last retransmission at 67 s; before 6.5, 127 s and 63 s.
 */
export function synGiveUp(settings: SynRetries = linuxSynDefaults): {
  retransmissions: number;
  lastRetransmitSeconds: number;
  giveUpSeconds: number;
} {
  const waits = synWaits(settings);
  const giveUpSeconds = waits.reduce((a, b) => a + b, 0);
  return {
    retransmissions: waits.length - 1,
    lastRetransmitSeconds: giveUpSeconds - waits[waits.length - 1]!,
    giveUpSeconds,
  };
}
