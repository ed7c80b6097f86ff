export declare const isRoot: boolean;
export declare const has: (command: string) => boolean;
export declare function aptInstall(...packages: string[]): Promise<boolean>;
export declare function ensurePostgres(): Promise<void>;
