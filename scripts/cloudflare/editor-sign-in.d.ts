/** Types for editor-sign-in.js, which Cloudflare Pages runs and the tests import. */
export interface SignInContext {
  request: Request;
  env: {
    GITHUB_CLIENT_ID?: string;
    GITHUB_CLIENT_SECRET?: string;
    SIGN_IN_STATE_SECRET?: string;
    GITHUB_OAUTH_ORIGIN?: string;
  };
}
/** What the build gives the Functions from pages/_data/editor.json and site.json. */
export interface SignInSettings {
  /** The OAuth scope the site asks for: "repo", or "public_repo" for a public repository. */
  scope?: string;
  /** The editor's origins besides the request's own: site.json `url`, editor.json `signInOrigin`. */
  editorOrigins?: string[];
}
export function authorize(context: SignInContext, settings?: SignInSettings): Promise<Response>;
export function callback(context: SignInContext, settings?: SignInSettings): Promise<Response>;
