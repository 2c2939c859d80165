export interface LaunchBlocker {
  what: string;
  where: string;
  fix: string;
}
/**
 * `env.PAGES_SETTINGS`: the names of the Cloudflare Pages project's variables and secrets, as the
 * deploy workflow lists them; without it, the sign-in's settings are not checked.
 */
export declare function launchBlockers(
  root?: string,
  env?: Record<string, string | undefined>,
): LaunchBlocker[];
