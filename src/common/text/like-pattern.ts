/** A LIKE pattern for text containing `text`; '!' escapes the wildcards the same way on MySQL and SQLite (a backslash does not). Use with ESCAPE '!'. */
export const containing = (text: string): string => `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
