export function failNearMisses(reportFile: string): Promise<number>;
