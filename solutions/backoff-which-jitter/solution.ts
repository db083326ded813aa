/** Expected answers for "Backoff without jitter". */
import { oneIn } from "../../src/format/number.ts";
import { balancingFailureShare, grpcExampleThrottling } from "../../src/sim/token-bucket.ts";

export const answers = {
  lockstep: "exponential",
  "total-work": ["budget", "breaker"],
};

/** The worked solution's figure: the failure share above which gRPC's example bucket turns retries off. */
export function worked(): Record<string, string> {
  return { throttleOffAbove: oneIn(balancingFailureShare(grpcExampleThrottling.tokenRatio)) };
}
