import Alert from '@cloudscape-design/components/alert';
import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ESTADO_MAPA_INFO, etiquetaEstadoMapa, type EstadoMapa } from '@shared/domain/mapa.js';
import { textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { FUEC_MSG, MAPA_MSG, OFERTA_MSG } from '@shared/schemas/messages-servicios.js';
import { enCurso, finalizable, reservaVencida } from '@shared/domain/recorrido.js';
import { POR_ASIGNAR } from '@shared/schemas/service.js';
import { asignable, esperaFuec } from '@shared/domain/asignacion.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCOP, formatDateTime, idCorto } from '../../../lib/format.js';
import { StatusText } from '../../../components/status-text.js';
import { useServicio } from '../api/mapa.js';
import { FinalizarViaje } from '../../../components/finalizar-viaje.js';
import { Countdown } from './countdown.js';
import { RetirarOferta } from './retirar-oferta.js';
import { ServiceTimeline } from '../../../components/service-timeline.js';
import { Pares } from '../../../components/pares.js';
import { Reintentar } from '../../../components/reintentar.js';

/** docs/spec/02.md section 4.1: pendiente warning, finalizado default, confirmed (active) green, others primary. */
const CHIP: Record<EstadoMapa, BadgeProps['color']> = {
  pendiente: 'severity-medium',
  ofertas: 'severity-medium',
  validando: 'blue',
  reservado: 'blue',
  confirmado: 'green',
  finalizado: 'grey',
};

const asignado = (v: string | undefined) => (v && v !== POR_ASIGNAR ? v : null);
const lista = (v: readonly string[] | undefined) => (v?.length ? v.join(', ') : null);

/** The FUEC check's result (beyond the spec): verified, not readable, or its differences. */
function VerificacionFuec({ v }: { v: NonNullable<ServicioDetalle['verificacionFuec']> }) {
  if (v.estado === 'coincide') return <StatusText type="success">Verificado</StatusText>;
  if (v.estado === 'sin-verificar') return <StatusText type="stopped">Sin verificar</StatusText>;
  return (
    <SpaceBetween size="xxxs">
      <StatusText type="warning">Con diferencias</StatusText>
      {v.problemas.map((p) => (
        <Box key={p} variant="small">
          {p}
        </Box>
      ))}
    </SpaceBetween>
  );
}

/** docs/spec/02.md section 4.3: what the company still has to do for a reservation. */
export function recordatorio(s: Pick<ServicioDetalle, 'estado' | 'conductor' | 'placas' | 'fuec'>): string | null {
  if (s.estado !== 'reservado' || s.fuec) return null;
  return asignado(s.conductor) && asignado(s.placas) ? MAPA_MSG.recordarFuec : MAPA_MSG.recordarAsignar;
}

export interface ServiceDetailModalProps {
  id: string | null;
  onClose: () => void;
  onOffer: (servicio: ServicioDetalle) => void;
  onAssign: (servicio: ServicioDetalle) => void;
  onFuec: (servicio: ServicioDetalle) => void;
  /** Shown again after a step (offer, assignment, FUEC) closed: the next step's button takes the focus, not the dialog's X. */
  trasUnPaso?: boolean;
}

/** docs/spec/02.md section 2.2: the service detail dialog, opened from a marker or the legend's list. */
export function ServicioDetalleModal({ id, onClose, onOffer, onAssign, onFuec, trasUnPaso = false }: ServiceDetailModalProps) {
  const servicio = useServicio(id);
  const { data: s, error, isPending } = servicio;
  // The step to take next (assign, then the FUEC; or the offer): once re-read, it has the focus again.
  const pasoRef = useRef<ButtonProps.Ref>(null);
  const enfocarPaso = useRef(false);
  useEffect(() => {
    enfocarPaso.current = !!id && trasUnPaso;
  }, [id, trasUnPaso]);
  useEffect(() => {
    if (!enfocarPaso.current || !s || servicio.isFetching) return;
    enfocarPaso.current = false;
    const frame = requestAnimationFrame(() => pasoRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [s, servicio.isFetching]);
  const navigate = useNavigate();
  const puedeFinalizar = !!s && finalizable(s, new Date());

  const reservado = s?.estado === 'reservado';
  const conVehiculo = !!(s && asignado(s.conductor) && asignado(s.placas));
  // Past its departure, the reminder would ask for what is already late: it says what happens now.
  const vencida = !!s && reservaVencida(s, new Date());
  const nota = s && (vencida ? MAPA_MSG.vencidaEmpresa : recordatorio(s));
  const noRegistrado = (v: string | null | undefined) => v || MAPA_MSG.noRegistrado;
  const noAsignado = (v: string | null | undefined) => v || MAPA_MSG.noAsignado;

  return (
    <>
      <Modal
        visible={!!id}
        onDismiss={onClose}
        size="large"
        header={
          <Header variant="h2" description={s ? `${textoTipoVehiculo(s.tipo)} · ${s.clase} · Ref. ${idCorto(s.id)}` : undefined}>
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span>Detalle del servicio</span>
              {s && <Badge color={CHIP[s.estadoMapa]}>{etiquetaEstadoMapa(s.estadoMapa, s.recorridoIniciado)}</Badge>}
            </SpaceBetween>
          </Header>
        }
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={onClose}>Cerrar</Button>
              {reservado && (
                <Button ref={conVehiculo ? undefined : pasoRef} variant={conVehiculo ? 'normal' : 'primary'} disabled={!asignable(s)} disabledReason={s.fuec ? 'El FUEC ya fue cargado' : 'Ya tiene un vehículo asignado'} onClick={() => onAssign(s)}>
                  Asignar Vehículo
                </Button>
              )}
              {reservado && (
                <Button ref={conVehiculo ? pasoRef : undefined} variant={conVehiculo ? 'primary' : 'normal'} disabled={!esperaFuec(s)} disabledReason={FUEC_MSG.sinVehiculo} onClick={() => onFuec(s)}>
                  Subir FUEC
                </Button>
              )}
              {puedeFinalizar && <FinalizarViaje id={s.id} />}
              {s?.estadoMapa === 'ofertas' && s.miOferta?.estado === 'enviada' && <RetirarOferta id={s.id} precio={s.miOferta.precio} />}
              {s?.estadoMapa === 'pendiente' && (
                <Button
                  ref={pasoRef}
                  variant="primary"
                  disabled={!!s.sinVehiculoApto || !!s.miOferta}
                  disabledReason={s.miOferta ? OFERTA_MSG.yaRetirada : (s.sinVehiculoApto ?? undefined)}
                  onClick={() => onOffer(s)}
                >
                  Hacer Oferta
                </Button>
              )}
            </SpaceBetween>
          </Box>
        }
      >
        {isPending && id ? (
          <Box textAlign="center" padding="l">
            <Spinner size="large" /> <span>Cargando servicio...</span>
          </Box>
        ) : error ? (
          <Alert type="error" action={<Reintentar consulta={servicio} />}>
            {errorMessage(error)}
          </Alert>
        ) : s ? (
          <SpaceBetween size="l">
            {nota && (
              <Alert type="warning" header={vencida ? MAPA_MSG.vencida : undefined}>
                {nota}
              </Alert>
            )}
            {s.sinVehiculoApto && (
              <Alert type="info" action={<Button onClick={() => navigate('/panel-control/gestiona-flota')}>Ir a Gestión de Flota</Button>}>
                {s.sinVehiculoApto}
              </Alert>
            )}
            <Box>
              <Box variant="awsui-key-label">Tiempo para la salida</Box>
              {s.fechaSalida ? <Countdown hasta={s.fechaSalida} /> : MAPA_MSG.noEspecificada}
              {/* The deadline that decides whether to offer, beside the countdown (it was under the trail, out of view). */}
              {s.venceEn && (
                <Box variant="small" color="text-body-secondary" margin={{ top: 'xxs' }}>
                  {s.miOferta?.estado === 'retirada' ? MAPA_MSG.recibeOfertasDeOtras(formatDateTime(s.venceEn)) : MAPA_MSG.recibeOfertas(formatDateTime(s.venceEn))}
                </Box>
              )}
            </Box>
            <Pares
              columns={2}
              items={[
                { label: 'Estado', value: esperaFuec(s) ? 'Vehículo asignado; sube el FUEC' : enCurso(s) ? 'Recorrido iniciado: el conductor va en camino' : ESTADO_MAPA_INFO[s.estadoMapa].descripcion },
                { label: 'Origen', value: s.origen },
                { label: 'Destino', value: s.destino },
                {
                  label: 'Paradas',
                  value: s.paradas.length ? (
                    <ExpandableSection headerText={s.paradas.length === 1 ? '1 parada' : `${s.paradas.length} paradas`} variant="footer">
                      <ol className="paradas">
                        {s.paradas.map((p, i) => (
                          <li key={i}>{p.location}</li>
                        ))}
                      </ol>
                    </ExpandableSection>
                  ) : (
                    MAPA_MSG.sinParadas
                  ),
                },
                { label: 'Fecha y hora de salida', value: s.fechaSalida ? formatDateTime(s.fechaSalida) : MAPA_MSG.noEspecificada },
                { label: 'Regreso', value: s.fechaRegreso ? formatDateTime(s.fechaRegreso) : MAPA_MSG.sinRetorno },
                { label: 'Pasajeros', value: String(s.pasajeros) },
                { label: 'Tipo de vehículo', value: textoTipoVehiculo(s.tipo) },
                { label: 'Clase', value: s.clase },
                ...(s.operador
                  ? [
                      { label: 'Servicio', value: s.operador.nombre },
                      { label: 'Empresa solicitante', value: s.operador.empresa },
                      { label: 'Contacto', value: s.operador.solicitante },
                      { label: 'Teléfono del contacto', value: s.operador.telefono || MAPA_MSG.noRegistrado },
                    ]
                  : []),
                {
                  label: 'Valor de tu oferta',
                  value: s.miOferta ? (
                    <SpaceBetween size="xxs">
                      <Box fontWeight="bold">{formatCOP(s.miOferta.precio)}</Box>
                      {s.miOferta.estado === 'retirada' && <StatusText type="stopped">{OFERTA_MSG.estadoRetirada}</StatusText>}
                      {s.miOferta.cotizacionUrl && (
                        <Link href={s.miOferta.cotizacionUrl} external>
                          Ver PDF de cotización
                        </Link>
                      )}
                    </SpaceBetween>
                  ) : s.valorOferta ? (
                    formatCOP(s.valorOferta)
                  ) : (
                    'Sin oferta de tu empresa'
                  ),
                },
                { label: 'Observaciones', value: s.observaciones || 'Sin observaciones' },
                ...(s.fuecUrl
                  ? [
                      {
                        label: 'FUEC',
                        value: (
                          <SpaceBetween size="xxs">
                            <Link href={s.fuecUrl} external>
                              Ver FUEC
                            </Link>
                            {s.verificacionFuec && <VerificacionFuec v={s.verificacionFuec} />}
                          </SpaceBetween>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {/* Closed while nothing can be assigned yet (a request taking offers): ten 'No registrado' pushed the rest down. */}
            <ExpandableSection headerText="Proveedores Asignados" variant="container" defaultExpanded={s.estadoMapa !== 'pendiente' && s.estadoMapa !== 'ofertas'}>
              <Pares
                columns={3}
                items={[
                  { label: 'Placas', value: noRegistrado(asignado(s.placas)) },
                  { label: 'Conductor', value: noAsignado(asignado(s.conductor)) },
                  { label: 'Teléfono del conductor', value: noRegistrado(s.telefonoConductor) },
                  { label: 'Empresa afiliadora', value: noRegistrado(s.empresaAfiliadora) },
                  { label: 'Tipo', value: textoTipoVehiculo(s.tipo) },
                  { label: 'Guía', value: noAsignado(s.guia) },
                  { label: 'Teléfono del guía', value: noRegistrado(s.telefonoGuia) },
                  { label: 'Especialidades', value: noRegistrado(lista(s.especialidadesGuia)) },
                  { label: 'Idiomas', value: noRegistrado(lista(s.idiomasGuia)) },
                  { label: 'Años de experiencia', value: s.experienciaGuia === undefined ? MAPA_MSG.noRegistrado : String(s.experienciaGuia) },
                ]}
              />
            </ExpandableSection>
            <ServiceTimeline id={s.id} />
          </SpaceBetween>
        ) : null}
      </Modal>
    </>
  );
}
