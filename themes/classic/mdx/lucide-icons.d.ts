/** Lucide's one-icon modules (`lucide/dist/esm/icons/globe.mjs`), which the package ships without types of their own. */
declare module 'lucide/dist/esm/icons/*.mjs' {
  const icon: import('lucide').IconNode;
  export default icon;
}
