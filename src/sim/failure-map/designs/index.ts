/**
 * The failure-domain maps of the interview playbook's end-to-end design prompts, in the map
 * builder's text format (one file each, beside this one). A learner opens each in the builder
 * from the chapter, and the chapter's figures come from analysing them.
 */
import cellSearch from "./cell-search.map.txt?raw";
import featureFlags from "./feature-flags.map.txt?raw";
import jobScheduler from "./job-scheduler.map.txt?raw";
import multiRegionPayments from "./multi-region-payments.map.txt?raw";
import notificationFanout from "./notification-fanout.map.txt?raw";
import rideDispatch from "./ride-dispatch.map.txt?raw";
import saasControlDataPlane from "./saas-control-data-plane.map.txt?raw";
import tenantRateLimiter from "./tenant-rate-limiter.map.txt?raw";

/** Map text by id (the file name without `.map.txt`). */
export const designMaps: Readonly<Record<string, string>> = {
  "saas-control-data-plane": saasControlDataPlane,
  "multi-region-payments": multiRegionPayments,
  "notification-fanout": notificationFanout,
  "tenant-rate-limiter": tenantRateLimiter,
  "feature-flags": featureFlags,
  "job-scheduler": jobScheduler,
  "cell-search": cellSearch,
  "ride-dispatch": rideDispatch,
};
