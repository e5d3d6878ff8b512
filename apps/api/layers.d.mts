export type ApiLayer = { layer: string; modules: string[] };
export declare const API_LAYERS: ApiLayer[];
