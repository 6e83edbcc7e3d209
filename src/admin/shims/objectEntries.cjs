// node-polyglot (react-admin's translations) requires the `object.entries` polyfill, which brings about
// 40 KB of es-abstract helpers (get-intrinsic, call-bind…) into the start-up JavaScript for a function
// every browser the admin supports has. The build resolves that require here (vite.config.ts); CommonJS,
// as the require expects the function itself.
module.exports = Object.entries;
