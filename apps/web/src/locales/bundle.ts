/** A language's translation files as `{ namespace: content }`: the file name is the namespace. */
export type LocaleBundle = Record<string, Record<string, unknown>>;

export function bundleOf(files: Record<string, Record<string, unknown>>): LocaleBundle {
  const bundle: LocaleBundle = {};
  for (const [path, content] of Object.entries(files)) {
    const namespace = /([\w-]+)\.json$/.exec(path)?.[1];
    if (namespace) bundle[namespace] = content;
  }
  return bundle;
}
