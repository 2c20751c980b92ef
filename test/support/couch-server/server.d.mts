export type CouchAuth = 'none' | 'basic' | 'session';

export interface CouchCors {
  /** '*' or the exact origins allowed (scheme://host:port). */
  origins: '*' | string[];
  credentials: boolean;
}

export interface CouchServerOptions {
  /** 'basic': an Authorization header; 'session': the AuthSession cookie from POST /_session. */
  auth?: CouchAuth;
  user?: string;
  password?: string;
  /** false: no CORS header at all, as a CouchDB with CORS not enabled. Default: any origin, with credentials. */
  cors?: CouchCors | false;
  /** false: PUT /{db} is refused (401, not a server admin). */
  allowCreate?: boolean;
  /**
   * 'couchdb' (default): serves CouchDB 2+'s `filter=_selector` feed, and its root answers as CouchDB 3.
   * 'pouchdb-server': as stock PouchDB Server 4.2 (express-pouchdb): `filter=_selector` answers 404 and then the server stops, as that one's process dies.
   */
  flavour?: 'couchdb' | 'pouchdb-server';
  port?: number;
}

export interface CouchRequest {
  method: string;
  path: string;
  status: number;
  /** Still open: no response finished and the connection not closed (a longpoll `_changes` waiting). */
  open: boolean;
}

export interface RawCouchDoc {
  _id: string;
  _rev: string;
  _deleted: boolean;
  _conflicts?: string[];
  [field: string]: unknown;
}

export interface CouchServer {
  readonly url: string;
  readonly port: number;
  readonly requests: CouchRequest[];
  /** `filter=_selector` requests the 'pouchdb-server' flavour refused (each one stopped it). */
  readonly selectorRefusals: number;
  /** Live switches: change them between requests. */
  readonly settings: Required<Omit<CouchServerOptions, 'port'>>;
  createDb(name: string): Promise<void>;
  rawDocs(name: string): Promise<RawCouchDoc[]>;
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export function startCouchServer(options?: CouchServerOptions): Promise<CouchServer>;
