export declare const isRoot: boolean;
export declare const has: (command: string) => boolean;
export declare function aptInstall(packages: string[], why: string): Promise<boolean>;
export declare function ensureChromium(): Promise<void>;
export declare function ensurePostgres(): Promise<void>;
export declare function setUpForTests(): Promise<void>;
export declare function ensureNginx(): Promise<void>;
export declare function ensureWrk(): Promise<boolean>;
