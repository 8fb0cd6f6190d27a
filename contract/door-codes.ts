/** Door-open codes of a device and keyless access (issue 14; docs/api.md "Door codes"). Built by the door codes work. */
export const doorCodeEndpoints = {} as const;
