import type { ApiLayer } from '../apps/api/layers.mjs';
export declare function moduleGraph(srcRoot: string): { edges: Map<string, string[]>; modules: string[] };
export declare function checkLayers(edges: Map<string, string[]>, modules: string[], layers: ApiLayer[]): string[];
