export type TimingRow = { file: string; project?: string; ms: number };
export declare function fileTimes(rows: TimingRow[]): Array<{ file: string; ms: number }>;
export declare function slowestLines(rows: TimingRow[], options?: { max?: number; what?: string }): string[];
export declare function printSlowest(report: string, options?: { max?: number; what?: string }): void;
