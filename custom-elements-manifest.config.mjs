// The custom elements manifest's one list of sources, read by `cem analyze` from here for both
// `npm run build:manifest` and the package build (widgets/build/package.ts): the elements a host
// places. Not tests, the demo, the build or the React/Vue wrappers; not the link dialogs either,
// which the kit opens inside a link's element (their events are that element's, docs/widgets.md).
export default {
  globs: ['widgets/**/*.ts'],
  exclude: [
    'widgets/**/*.test.ts',
    'widgets/testing/**',
    'widgets/demo/**',
    'widgets/build/**',
    'widgets/frameworks/**',
    'widgets/link-dialogs/**',
  ],
  litelement: true,
  // package.json names the manifest already ("customElements"): the analyzer leaves it alone.
  packagejson: false,
};
