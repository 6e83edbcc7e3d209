// `hasown` (with function-bind behind it), required by node-polyglot: the same function, resolved here by
// the build (vite.config.ts), as objectEntries.cjs is.
module.exports = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
