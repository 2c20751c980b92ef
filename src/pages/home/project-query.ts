// The home page with a project chosen (`/?project=<id>`, issue 23): the routes stay as SPEC A1
// has them, and the project is the address's query, read like `?settings=`.

export const PROJECT_QUERY = 'project';

/** The project the address asks for; null for the plain home page. */
export const projectIdOf = (search: string): string | null => new URLSearchParams(search).get(PROJECT_QUERY);

/** The project's home page. */
export const projectHref = (id: string): string => `/?${PROJECT_QUERY}=${encodeURIComponent(id)}`;

/** The project home composer's textarea id: "New chat in project" focuses it. */
export const PROJECT_COMPOSER_ID = 'project-composer';
