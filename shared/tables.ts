/**
 * DynamoDB table definitions, written once: the CDK stack and the local stack both create tables
 * from these, so keys, indexes and TTL can never drift between AWS and the local stand-in.
 */
export type KeyAttr = { readonly name: string; readonly type: 'S' | 'N' };

export type IndexDef = {
  readonly indexName: string;
  readonly partitionKey: KeyAttr;
  readonly sortKey?: KeyAttr;
};

export type TableDef = {
  /** Logical key; the physical name is chosen by CDK in AWS and by `localTableName` locally. */
  readonly key: TableKey;
  readonly partitionKey: KeyAttr;
  readonly sortKey?: KeyAttr;
  readonly indexes: readonly IndexDef[];
  /** Epoch-seconds attribute DynamoDB deletes on (lagging): readers still filter on it. */
  readonly ttlAttribute?: string;
};

export const TABLE_KEYS = ['empresas', 'usuarios', 'services', 'offers', 'vehiculos', 'uploads', 'registros', 'cambios', 'historial', 'proveedores', 'pagos', 'firmas', 'cuotas', 'invitaciones', 'cifras'] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

const S = (name: string): KeyAttr => ({ name, type: 'S' });

const DEFINICIONES = {
  /** Company (tenant) records: company data, bank data, logo and corporate photos. */
  empresas: {
    key: 'empresas',
    partitionKey: S('id'),
    /** Every company by name (all carry `directorio` = 'empresas'): marketplace staff's company filter. */
    indexes: [{ indexName: 'porNombre', partitionKey: S('directorio'), sortKey: S('empresa') }],
  },
  /** Console users and drivers (Cognito sub as id). */
  usuarios: {
    key: 'usuarios',
    partitionKey: S('id'),
    indexes: [
      { indexName: 'byEmpresa', partitionKey: S('empresaId'), sortKey: S('email') },
      /** Sparse: only staff accounts still waiting for their e-mail confirmation carry `confirmacion`. */
      { indexName: 'porConfirmar', partitionKey: S('confirmacion'), sortKey: S('creadoEn') },
      /**
       * Who gets the expiry alerts (docs/decisions/0015), sparse: a company admin carries `avisos` =
       * its company's id, marketplace staff 'plataforma', while they keep them on (the profile's switch).
       */
      { indexName: 'porAvisos', partitionKey: S('avisos'), sortKey: S('email') },
    ],
  },
  /** Transport requests. */
  services: {
    key: 'services',
    partitionKey: S('id'),
    ttlAttribute: 'expiresAt',
    indexes: [
      { indexName: 'byEstado', partitionKey: S('estado'), sortKey: S('fechaSalida') },
      /** Sparse: a service has `empresaAliada` once a client accepted that company's offer. */
      { indexName: 'byEmpresaAliada', partitionKey: S('empresaAliada'), sortKey: S('fechaSalida') },
      /**
       * The map's pending feed, sparse: only pending services carry `mapa` (`pendiente#<tipo>`). Sorted
       * by expiry, so "newest first, not expired" is a key condition: expired items are never read,
       * however many the lagging TTL has not deleted yet.
       */
      { indexName: 'pendientesPorTipo', partitionKey: S('mapa'), sortKey: { name: 'expiresAt', type: 'N' } },
      /**
       * The trip-start job's work, sparse: only confirmed trips not yet started carry `inicio`
       * ('pendiente'), removed when the trip starts, so each run reads just the due ones.
       */
      { indexName: 'porIniciar', partitionKey: S('inicio'), sortKey: S('fechaSalida') },
      /**
       * A company's services in one state (`<empresa>#<estado>`, shared/domain/listas.ts): its service
       * lists read only that state, never its whole history.
       */
      { indexName: 'porEstadoEmpresa', partitionKey: S('estadoEmpresa'), sortKey: S('fechaSalida') },
      /**
       * What is waiting for a payment, sparse (shared/domain/pagos.ts): the client's (`epayco`,
       * `transferencia`) while its reservation is validated, then the driver's advance and balance
       * (`anticipo`, `saldo`). One at a time, so each list and count reads only what is owed.
       */
      { indexName: 'porPagar', partitionKey: S('pagoPendiente'), sortKey: S('fechaSalida') },
      /** The same, per company (`<empresa>#anticipo`): a company's own pending payouts. */
      { indexName: 'porPagarEmpresa', partitionKey: S('pagoPendienteEmpresa'), sortKey: S('fechaSalida') },
    ],
  },
  /** One offer per company per service: the key itself makes a second offer impossible. */
  offers: {
    key: 'offers',
    partitionKey: S('idServicio'),
    sortKey: S('empresaAliada'),
    ttlAttribute: 'expiresAt',
    indexes: [{ indexName: 'byEmpresaAliada', partitionKey: S('empresaAliada'), sortKey: S('fechaOferta') }],
  },
  /** Vehicles with their driver (spec: conductores). */
  vehiculos: {
    key: 'vehiculos',
    partitionKey: S('id'),
    indexes: [
      { indexName: 'byEmpresaAliada', partitionKey: S('empresaAliada'), sortKey: S('placas') },
      /**
       * The provider panel's driver lists, sparse: `estadoProveedor` (`conductor#nuevo`, …) is set
       * only while the driver is in one of them (shared/domain/proveedores.ts), newest first.
       */
      { indexName: 'porEstadoProveedor', partitionKey: S('estadoProveedor'), sortKey: S('fechaCreacion') },
      /**
       * Referral rewards to pay, sparse: `recompensa` ('pendiente') is set once a referred vehicle
       * reaches the trips that earn its referrer the commission, removed when it is paid.
       */
      { indexName: 'porRecompensa', partitionKey: S('recompensa'), sortKey: S('fechaCreacion') },
      /**
       * The expiry alerts' job (docs/decisions/0015), sparse: `aviso` ('pendiente') while a document
       * has an alert to come, `proximoAviso` the day it falls due; a run reads only the vehicles due
       * by today, never the fleet.
       */
      { indexName: 'porAviso', partitionKey: S('aviso'), sortKey: S('proximoAviso') },
    ],
  },
  /**
   * The signatures of the other apps' writes already admitted (lambdas/api/middleware/apps.ts): each is
   * good once, so a captured request cannot be sent again within its signature's five minutes.
   */
  firmas: { key: 'firmas', partitionKey: S('firma'), ttlAttribute: 'expiresAt', indexes: [] },
  /**
   * Quota counters (shared/domain/cuotas.ts): `<regla>#<quien>#<ventana>` with the requests counted in
   * that hour or day, each a conditional ADD; dropped an hour after their window.
   */
  cuotas: { key: 'cuotas', partitionKey: S('id'), ttlAttribute: 'expiresAt', indexes: [] },
  /** Upload tickets: each presigned POST is confirmed at most once, by its uploader. */
  uploads: { key: 'uploads', partitionKey: S('id'), ttlAttribute: 'expiresAt', indexes: [] },
  /**
   * Accounts waiting for their e-mail's code (docs/decisions/0010), keyed by the lower-case e-mail:
   * the code's hash and tries, and a company's sign-up data until the code founds it.
   */
  registros: { key: 'registros', partitionKey: S('email'), ttlAttribute: 'expiresAt', indexes: [] },
  /**
   * Staff invitations of internal registration (docs/decisions/0011), keyed `<empresaId>#<e-mail>`:
   * the link's token and the chosen password, hashed, until the staff member validates the account.
   */
  invitaciones: { key: 'invitaciones', partitionKey: S('clave'), ttlAttribute: 'expiresAt', indexes: [] },
  /**
   * The company's figures (docs/decisions/0016): one item per company and month (`2026-12`), its
   * counters added in the transactions that change the data; the 'Resumen' screen reads twelve.
   */
  cifras: { key: 'cifras', partitionKey: S('empresaId'), sortKey: S('mes'), indexes: [] },
  /**
   * The change log of the records the API caches per container (users, companies and what each
   * company's map shows): one partition, sorted by time, so a container reads only what changed
   * since its last look. Entries live an hour, longer than any cache keeps a record.
   */
  cambios: { key: 'cambios', partitionKey: S('canal'), sortKey: S('marca'), ttlAttribute: 'expiresAt', indexes: [] },
  /**
   * The audit trail of each service: every state change (publication, offer, acceptance, assignment,
   * FUEC, start, end) with who, when, before and after, written in the change's own transaction. The
   * partition is the subject: a service's id, or `conductor#<id>`, `guia#<id>`, `operador#<id>` for a
   * provider's registration and validation.
   */
  historial: { key: 'historial', partitionKey: S('servicioId'), sortKey: S('marca'), indexes: [] },
  /**
   * Tour guides and tour operators (spec: guias, usuarios), registered by their apps, plus one item
   * `contadores` with the count of every provider list, changed in the transaction of each move.
   */
  proveedores: {
    key: 'proveedores',
    partitionKey: S('id'),
    indexes: [{ indexName: 'porEstadoProveedor', partitionKey: S('estadoProveedor'), sortKey: S('fechaCreacion') }],
  },
  /**
   * The payments ledger: each client payment confirmed, each payout to a driver (advance, balance)
   * and each referral reward, keyed by what it pays (`anticipo#<servicio>`), so the key itself makes
   * a second payment of the same thing impossible; and each ePayco transaction seen
   * (`epayco#<x_ref_payco>`), so a replayed callback changes nothing.
   */
  pagos: {
    key: 'pagos',
    partitionKey: S('id'),
    /**
     * The payments of one kind (`recompensa`, …), latest registered first: the rewards already paid.
     * The ePayco transactions seen are there too, under their own `tipo` ('epayco').
     */
    indexes: [{ indexName: 'porTipo', partitionKey: S('tipo'), sortKey: S('registradoEn') }],
  },
} as const satisfies Record<TableKey, TableDef>;
export const TABLES: Record<TableKey, TableDef> = DEFINICIONES;

/** A table's index names, as its definition above writes them: a misspelt or removed index fails the type check. */
export type IndexName<K extends TableKey> = (typeof DEFINICIONES)[K]['indexes'][number]['indexName'];

/** An index of a table, checked against its definition (for a query's `IndexName`). */
export const indice = <K extends TableKey>(_tabla: K, nombre: IndexName<K>): IndexName<K> => nombre;

/** Environment variable that carries a table's physical name to the Lambda functions. */
export const tableEnvVar = (key: TableKey): string => `TABLE_${key.toUpperCase()}`;

export const localTableName = (prefix: string, key: TableKey): string => `${prefix}-${key}`;
