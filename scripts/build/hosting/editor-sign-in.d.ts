/** Types for editor-sign-in.js, which Cloudflare Pages runs and the tests import. */
export interface SignInContext {
  request: Request;
  env: { GITHUB_CLIENT_ID?: string; GITHUB_CLIENT_SECRET?: string; GITHUB_OAUTH_ORIGIN?: string };
}
export function authorize(context: SignInContext): Promise<Response>;
export function callback(context: SignInContext): Promise<Response>;
