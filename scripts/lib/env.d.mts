export declare function loadEnvFiles(dir?: string): void;
export declare function loadTestEnvFiles(dir?: string): void;
