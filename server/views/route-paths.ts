/** A route path with and without its trailing slash: the API answers both (SPEC §7). */
export function bothSlashes(path: string): [string, string] {
  return [path, `${path}/`];
}
