type Restriction = { selector: string; message: string };

export declare const noRepoSurface: Restriction[];
export declare const noAdapterKind: Restriction[];
