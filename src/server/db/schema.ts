import * as authTables from './schema/auth.schema';
import * as signatureTables from './schema/signatures.schema';

/** Every table, keyed by its model name (Better Auth's adapter looks tables up by these keys). */
export const schema = { ...authTables, ...signatureTables };
export type Schema = typeof schema;
