// The two databases the server speaks: its own module, so that the modules db/index.ts builds on (search,
// introspection) can name it without importing db/index.ts back.
export type DialectName = 'sqlite' | 'postgres';
