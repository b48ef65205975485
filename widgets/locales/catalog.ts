// What a language's catalog is, apart from the code that loads catalogs (core/localize.ts), so a
// catalog names its type without importing its loader back.

/** A catalog as written: English source → translation; a str`` template's values as ${0}, ${1}… */
export type Catalog = Readonly<Record<string, string>>;
