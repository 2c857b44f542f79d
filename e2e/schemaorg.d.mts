// Types of schemaorg.mjs, for the web unit tests that import it.
export declare const vocabulary: {
  types: Record<string, string[]>;
  properties: Record<string, { domain: string[]; range: string[] }>;
};
export declare function ancestorsOf(type: string): Set<string>;
export declare function allowed(types: string[], property: string): boolean;
export declare function schemaProblems(value: unknown): string[];
export declare function nodesOf(value: unknown): Array<Record<string, unknown>>;
export declare function isA(node: object, type: string): boolean;
