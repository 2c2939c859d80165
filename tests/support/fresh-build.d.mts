export function staleBuild(root?: string): string | undefined;
export default function setup(): void;
