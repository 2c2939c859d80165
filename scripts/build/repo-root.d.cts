export declare const ROOT: string;
