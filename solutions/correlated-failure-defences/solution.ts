/** Expected answers for "Correlated failures and their defences". */
export const answers = {
  defence: {
    cert: "stagger-expiry",
    build: "staged-release",
    config: "validate-config",
    leap: "clock-test",
    library: "diversity",
  },
};
