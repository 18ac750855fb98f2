import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { enCurso } from '@shared/domain/recorrido.js';
import { indice, localTableName } from '@shared/tables.js';
import { localClient } from './dynamodb.js';

/**
 * The driver app, played locally for `npm start`: every `everyMs` it looks for started trips (confirmed,
 * recorridoIniciado) with a vehicle, signs in as that vehicle's driver (demo password) and reports a
 * position along the trip's way through the driver endpoint, as the real app would. The way is a
 * straight ~5 km leg from the pick-up point in a direction fixed per trip, driven in 10 minutes and back.
 * It logs one line when a driver starts moving and its errors instead of throwing them.
 */
export type DriverSimulatorOptions = {
  apiUrl: string;
  cognitoUrl: string;
  userPoolClientId: string;
  dynamodbUrl: string;
  password: string;
  log: (line: string) => void;
  everyMs?: number;
};

/** How long one leg of the simulated way takes, and how far it goes (degrees, about 5.5 km). */
const TRAMO_MS = 10 * 60_000;
const TRAMO_GRADOS = 0.05;

const hash = (s: string) => [...s].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7);

/** Where the driver of this trip is at `now`: along its leg and back, from the start of the trip. */
export function posicionSimulada(s: { id: string; latOrigen: number; lonOrigen: number; recorridoIniciadoEn?: string }, now: number): { lat: number; lng: number } {
  const angulo = ((hash(s.id) % 360) * Math.PI) / 180;
  const desde = s.recorridoIniciadoEn ? Date.parse(s.recorridoIniciadoEn) : now;
  const fase = (((now - desde) % (2 * TRAMO_MS)) + 2 * TRAMO_MS) % (2 * TRAMO_MS);
  const avance = fase <= TRAMO_MS ? fase / TRAMO_MS : 2 - fase / TRAMO_MS;
  return { lat: +(s.latOrigen + Math.sin(angulo) * TRAMO_GRADOS * avance).toFixed(6), lng: +(s.lonOrigen + Math.cos(angulo) * TRAMO_GRADOS * avance).toFixed(6) };
}

export function startDriverSimulator({ apiUrl, cognitoUrl, userPoolClientId, dynamodbUrl, password, log, everyMs = 5000 }: DriverSimulatorOptions): { stop: () => Promise<void> } {
  const ddb = DynamoDBDocumentClient.from(localClient(dynamodbUrl));
  const cognito = new CognitoIdentityProviderClient({ endpoint: cognitoUrl, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const tokens = new Map<string, { token: string; hasta: number }>();
  const sinCuenta = new Set<string>();
  const enMovimiento = new Set<string>();

  const tokenDe = async (email: string) => {
    const t = tokens.get(email);
    if (t && t.hasta > Date.now()) return t.token;
    const out = await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
    const token = out.AuthenticationResult!.IdToken!;
    tokens.set(email, { token, hasta: Date.now() + 50 * 60_000 });
    return token;
  };

  const paso = async () => {
    const { Items = [] } = await ddb.send(
      new QueryCommand({ TableName: localTableName('local', 'services'), IndexName: indice('services', 'byEstado'), KeyConditionExpression: 'estado = :c', ExpressionAttributeValues: { ':c': 'confirmado' } }),
    );
    const now = Date.now();
    for (const s of Items) {
      if (!enCurso({ estado: s.estado as 'confirmado', recorridoIniciado: s.recorridoIniciado === true }) || typeof s.vehiculoId !== 'string') continue;
      const { Item: v } = await ddb.send(new GetCommand({ TableName: localTableName('local', 'vehiculos'), Key: { id: s.vehiculoId }, ProjectionExpression: 'email, placas' }));
      const email = v?.email as string | undefined;
      if (!email || sinCuenta.has(email)) continue;
      let token: string;
      try {
        token = await tokenDe(email);
      } catch {
        // Vehicles made in the console have drivers with their own passwords: not simulated.
        sinCuenta.add(email);
        log(`[conductor] ${email} no tiene la contraseña de demostración: su vehículo ${String(v?.placas)} no se simula`);
        continue;
      }
      const p = posicionSimulada(s as { id: string; latOrigen: number; lonOrigen: number; recorridoIniciadoEn?: string }, now);
      const res = await fetch(`${apiUrl}/integracion/conductor/posicion`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...p, velocidad: 33 }),
        signal: AbortSignal.timeout(10_000),
      });
      if (res.status !== 204) log(`[conductor] ${email}: la API respondió ${res.status}`);
      else if (!enMovimiento.has(String(s.id))) {
        enMovimiento.add(String(s.id));
        log(`[conductor] ${String(v?.placas)} en camino (servicio ${String(s.id).slice(0, 12)}): reporta su posición cada ${everyMs / 1000} s`);
      }
    }
  };

  let enCola: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    enCola = enCola.then(paso).catch((e: unknown) => log(`[conductor] error: ${e instanceof Error ? e.message : String(e)}`));
  }, everyMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await enCola;
    },
  };
}
