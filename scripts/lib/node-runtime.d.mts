export declare const NODE_LINE: number;
export declare function supportedNodeFolder(): string;
export declare function runOnSupportedNode(): Promise<void>;
