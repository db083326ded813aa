export interface FailureMap {
  services: string[];
  resources: string[];
  uses: { service: string; resource: string }[];
  calls: { caller: string; callee: string; fallback?: boolean }[];
}

/** Breadth-first search up the reversed call graph, from the resource's direct users. */
export function blastRadius(map: FailureMap, saturated: string): string[] {
  const services = new Set(map.services);
  const resources = new Set(map.resources);
  if (!resources.has(saturated)) throw new RangeError(`no resource named "${saturated}" in the map`);
  const known = (name: string, set: Set<string>, what: string) => {
    if (!set.has(name)) throw new RangeError(`the map has an edge to an unknown ${what} "${name}"`);
  };

  // callee -> callers that fail with it (calls with a fallback do not carry failure).
  const callers = new Map<string, string[]>();
  for (const { caller, callee, fallback } of map.calls) {
    known(caller, services, "service");
    known(callee, services, "service");
    if (fallback) continue;
    const list = callers.get(callee);
    if (list) list.push(caller);
    else callers.set(callee, [caller]);
  }

  const failed = new Set<string>();
  const queue: string[] = [];
  for (const { service, resource } of map.uses) {
    known(service, services, "service");
    known(resource, resources, "resource");
    if (resource === saturated && !failed.has(service)) {
      failed.add(service);
      queue.push(service);
    }
  }
  // An index instead of queue.shift(): shift is O(n) per call on large arrays.
  for (let head = 0; head < queue.length; head++) {
    for (const caller of callers.get(queue[head]!) ?? []) {
      if (!failed.has(caller)) {
        failed.add(caller);
        queue.push(caller);
      }
    }
  }
  return [...failed].sort();
}
