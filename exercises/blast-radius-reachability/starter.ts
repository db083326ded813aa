export interface FailureMap {
  services: string[];
  resources: string[];
  /** Service `service` draws from the shared resource `resource`. */
  uses: { service: string; resource: string }[];
  /** `caller` calls `callee`; with `fallback`, the caller survives the callee failing. */
  calls: { caller: string; callee: string; fallback?: boolean }[];
}

/** The services that fail when `saturated` saturates, sorted. */
export function blastRadius(map: FailureMap, saturated: string): string[] {
  // TODO: validate the map and the resource name (RangeError).
  // TODO: the direct users of `saturated` fail.
  // TODO: callers of failed services fail too (unless the call has a fallback), transitively.
  throw new Error("blastRadius is not written yet");
}
