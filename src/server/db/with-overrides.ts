/** Calls go to `target`; those named in `overrides` go to the override instead. */
export const withOverrides = <T extends object>(target: T, overrides: Record<string, unknown>): T =>
  new Proxy(target, {
    get: (t, property) => {
      if (typeof property === 'string' && property in overrides) return overrides[property];
      const value: unknown = Reflect.get(t, property, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
