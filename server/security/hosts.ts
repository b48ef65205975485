/**
 * Loopback names and addresses: what only this machine can reach. The demo (which hands out an
 * admin token) and the simulator (which POSTs to the URLs it is given) answer nowhere else.
 */
export function isLoopbackHost(host: string): boolean {
  return /^(?:127(?:\.\d{1,3}){3}|localhost|::1|\[::1\])$/i.test(host);
}
