// Copying groups of methods onto a class. A page too large for one file (table.js's
// TablePage, rummy.js's RummyBoard) keeps all its methods on its one class, while the
// methods' code lives in modules named for what they hold: each such module defines a
// class that is only a holder of methods, and the page's module copies them over.

/**
 * Copy every own member of each source class's prototype (methods, getters, setters; not
 * `constructor`) onto `target.prototype`, with its property descriptor unchanged, so the
 * members behave as if written in the target's class body (non-enumerable, `this` the
 * target's instance). A name the target already has is an error rather than a silent
 * replacement: two modules defining one method would otherwise hide one another.
 * @param {Function} target the class that receives the members
 * @param {...Function} sources classes used only as holders of methods, never constructed
 * @returns {Function} `target`
 */
export function mixin(target, ...sources) {
  for (const source of sources) {
    for (const name of Object.getOwnPropertyNames(source.prototype)) {
      if (name === "constructor") continue;
      if (Object.prototype.hasOwnProperty.call(target.prototype, name)) {
        throw new Error(`mixin: ${target.name} already has ${name} (from ${source.name})`);
      }
      Object.defineProperty(target.prototype, name, Object.getOwnPropertyDescriptor(source.prototype, name));
    }
  }
  return target;
}
