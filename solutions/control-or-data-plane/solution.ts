/** Expected answers for "Control plane or data plane?". */
export const answers = {
  plane: {
    route: "data",
    replica: "data",
    "dns-failover": "data",
    place: "control",
    launch: "control",
    "new-cell": "control",
  },
};
