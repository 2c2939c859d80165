/** Types for response-headers.js, shared by the build's header files and the Pages Functions. */
export const STRICT_TRANSPORT_SECURITY: string;
export const PERMISSIONS_POLICY: string;
export function functionHeaders(
  request: Request,
  options?: { openerPolicy?: string },
): Record<string, string>;
