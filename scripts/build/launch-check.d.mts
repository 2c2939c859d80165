export interface LaunchBlocker {
  what: string;
  where: string;
  fix: string;
}
export declare function launchBlockers(root?: string): LaunchBlocker[];
