/** Which hostnames count as this machine (product-spec §9): localhost, *.localhost, 127.x.x.x, ::1. */

/** True for a hostname that can only name the local machine. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
  );
}
