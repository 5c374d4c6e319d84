// @ts-check
// How often a serving thread may die and be replaced before the process gives up: a thread that
// keeps failing (a bug on a hot path, a resource that is gone) would otherwise be restarted in a
// loop, each start repeating the database's start-up work. Past the budget the process exits with
// an error, and its supervisor (systemd, Docker, Kubernetes) decides what comes next, with backoff.

/**
 * @param {{ max: number; windowMs: number }} budget at most `max` restarts within `windowMs`
 * @returns {(now?: number) => boolean} call on each death: true while another restart is allowed
 */
export function createRestartBudget({ max, windowMs }) {
  /** @type {number[]} */
  let deaths = [];
  return (now = Date.now()) => {
    deaths = deaths.filter((at) => now - at < windowMs);
    deaths.push(now);
    return deaths.length <= max;
  };
}

/**
 * `reusePort` (several threads listening on one port) came in Node 22.12 (and 23.1).
 * @param {string} version process.versions.node
 */
export function supportsReusePort(version) {
  const [major, minor] = version.split(".").map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}
