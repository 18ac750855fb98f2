import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { LISTAS_PAGOS } from '@shared/domain/listas.js';
import { MAPA_MSG } from '@shared/schemas/messages-servicios.js';
import { reservaVencida } from '@shared/domain/recorrido.js';
import type { Service, ServiceState } from '@shared/schemas/service.js';
import { useAvatarUrl } from '../../../components/avatar.js';
import { useMe } from '../../../lib/me/get-me.js';
import { readStoredUsuario } from '../../../lib/me/stored-usuario.js';
import { cuentaCambiadaHace, type PagoConductorFila } from '@shared/schemas/pagos.js';
import { StatusText } from '../../../components/status-text.js';
import { formatCOP, formatDate } from '../../../lib/format.js';
import { Fecha } from '../../../components/fecha.js';
import { useEmpresas } from '../api/pagos.js';
import { textoDeEstado } from '@shared/domain/etiquetas.js';

/** The service states as every screen names them (shared/domain/etiquetas.ts: one word per state). */
export { ESTADO_SERVICIO_TEXTO as ESTADO_TEXTO, textoDeEstado } from '@shared/domain/etiquetas.js';
const ESTADO_COLOR: Record<ServiceState, BadgeProps['color']> = { pendiente: 'severity-medium', validar: 'blue', reservado: 'blue', confirmado: 'green', finalizado: 'grey', cancelado: 'red' };

export function EstadoServicio({ estado, enCurso }: { estado: ServiceState; enCurso?: boolean }) {
  return (
    <span className="nowrap">
      <Badge color={ESTADO_COLOR[estado]}>{textoDeEstado(estado, enCurso)}</Badge>
    </span>
  );
}

/** The mark of a reservation whose departure passed before its trip (`reservaVencida`). */
export const MarcaVencida = () => (
  <span className="nowrap">
    <Badge color="severity-high">{MAPA_MSG.vencida}</Badge>
  </span>
);

/** A row's departure, the mark under it when it passed before the trip. */
export const Salida = ({ f }: { f: Pick<Service, 'estado' | 'fechaSalida'> }) => (
  <SpaceBetween size="xxxs">
    <Fecha valor={f.fechaSalida} />
    {reservaVencida(f, new Date()) && <MarcaVencida />}
  </SpaceBetween>
);

/** An ePayco charge's value: pesos, or as ePayco gave it in another currency. */
export const valorCobro = (c: { monto: number; moneda: string }): string => (c.moneda === 'COP' ? formatCOP(c.monto) : `${c.monto} ${c.moneda}`);

export const METODO_TEXTO = { epayco: 'ePayco', transferencia: 'Transferencia' } as const;

/** Money, right-aligned digits, never split over two lines. */
export const Pesos = ({ valor }: { valor: number | null }) => <span className="nowrap">{valor === null ? '—' : formatCOP(valor)}</span>;

/** A street number ("34-00", "5B-12"): browsers break a line after its hyphen, which reads as two numbers. */
const NUMERO_DE_CALLE = /(\d+[A-Za-z]?-\d+[A-Za-z]?)/;

/** An address whose street numbers stay on one line (split by the regex's group: odd parts are numbers). */
export const Direccion = ({ texto }: { texto: string }) => (
  <>{texto.split(NUMERO_DE_CALLE).map((parte, i) => (i % 2 ? <span key={i} className="sin-corte">{parte}</span> : parte))}</>
);

/** Origin to destination, the destination below. */
export function Ruta({ origen, destino }: { origen: string; destino: string }) {
  return (
    <SpaceBetween size="xxxs">
      <span>
        <Direccion texto={origen} />
      </span>
      <Box variant="small">
        → <Direccion texto={destino} />
      </Box>
    </SpaceBetween>
  );
}

/** A small round picture (the client's, the driver's), the default one when missing or broken. */
export function Foto({ src, alt }: { src: string | null; alt: string }) {
  const url = useAvatarUrl(src);
  return <img className="foto-lista" src={url} alt={alt} width={36} height={36} />;
}

/**
 * A row's picture with its texts beside it, always beside (a horizontal SpaceBetween wrapped the texts
 * under the picture when they were wider than what was left, so rows of one list differed).
 */
export function ConFoto({ foto, children }: { foto: ReactNode; children: ReactNode }) {
  return (
    <div className="con-foto">
      {foto}
      <div>{children}</div>
    </div>
  );
}

/** Whether the signed-in user is marketplace staff (they see every company's lists and act on them). */
/**
 * Staff or company: from `/me`, and until it answers, from the copy stored at the last `/me` (these
 * screens open without waiting for it, ScreenRoute), so staff never see the company's wording first.
 */
export const useEsPlataforma = (): boolean => (useMe().data?.usuario ?? readStoredUsuario())?.role === 'plataforma';

/** Marketplace staff's company filter: every company, or one. */
export function FiltroEmpresa({ valor, onChange }: { valor: string | null; onChange: (empresa: string | null) => void }) {
  const empresas = useEmpresas(true);
  const opciones = [{ value: '', label: 'Todas las empresas' }, ...(empresas.data ?? []).map((e) => ({ value: e.id, label: e.empresa || e.id }))];
  return (
    <Box>
      <Select
        selectedOption={opciones.find((o) => o.value === (valor ?? '')) ?? opciones[0]!}
        options={opciones}
        filteringType="auto"
        filteringPlaceholder="Buscar empresa"
        filteringAriaLabel="Buscar empresa"
        empty="No hay empresas"
        noMatch="Ninguna empresa coincide con la búsqueda"
        loadingText="Cargando empresas"
        statusType={empresas.isPending ? 'loading' : 'finished'}
        ariaLabel="Empresa"
        inlineLabelText="Empresa"
        onChange={({ detail }) => onChange(detail.selectedOption.value || null)}
      />
    </Box>
  );
}

/** A payments list's definition (its title and who sees it), by id. */
export const lista = (id: (typeof LISTAS_PAGOS)[number]['id']) => LISTAS_PAGOS.find((l) => l.id === id)!;

/** A tab's label and count, on one line (on a phone the tabs scroll sideways; the count fell under the label). */
export const titulo = (t: string, n: number | undefined) => (
  <span className="sin-corte">
    {t} {n ? <Badge color="blue">{n}</Badge> : null}
  </span>
);

/** Under an account changed in the last days (the payout forms say more); on a phone too, under the driver, where it has room for its date. */
export const CuentaCambiada = ({ c }: { c: PagoConductorFila['cuentaCambiada'] }) =>
  c && cuentaCambiadaHace(c, new Date()) ? <StatusText type="warning">{`Cuenta cambiada el ${formatDate(c.en)}`}</StatusText> : null;
