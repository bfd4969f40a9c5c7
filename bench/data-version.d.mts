export declare const DATA_VERSION: number;
export declare const benchDatabaseName: (scaleTag: string) => string;
export declare const benchPgliteDir: (scaleTag: string) => string;
