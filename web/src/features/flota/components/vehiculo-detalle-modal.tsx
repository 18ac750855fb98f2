import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ReactNode } from 'react';
import { FOTOS_VEHICULO } from '@shared/domain/uploads.js';
import { TIPO_INDICADOR, vencimientosDe } from '@shared/domain/vencimientos.js';
import { INVITACION_DIAS } from '@shared/constants.js';
import { VEHICULO_MSG } from '@shared/schemas/messages-flota.js';
import { AMENIDADES, VEHICULO_CAMPOS, type Amenidad, type Vehiculo, type VehiculoDetalle } from '@shared/schemas/vehiculo.js';
import { SafeImage } from '../../../components/safe-image.js';
import { StatusText } from '../../../components/status-text.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCalendarDate, formatDateTime } from '../../../lib/format.js';
import { useReenviarInvitacion, useVehiculo } from '../api/vehiculos.js';
import { EstadoBadge } from '../../../components/estado-badge.js';
import { Section } from './section.js';
import { DOCUMENTO_LABELS, FOTO_LABELS } from '../labels.js';
import { Pares } from '../../../components/pares.js';
import { Reintentar } from '../../../components/reintentar.js';
import { Correo } from '../../../components/correo.js';
import { textoBanco, textoCiudad, textoTipoCuenta, textoTipoVehiculo } from '@shared/domain/etiquetas.js';
import { normalizarRut } from '@shared/schemas/rut.js';

type Pair = { label: string; value: ReactNode };
const pair = (v: Vehiculo, k: keyof typeof VEHICULO_CAMPOS, value?: ReactNode): Pair => ({ label: VEHICULO_CAMPOS[k], value: value ?? (String(v[k] ?? '') || '—') });

/** 'Detalles completos del vehículo' (docs/spec/02.md section 2.7): photos, vehicle, owner, driver, documents with their expiry. */
export function VehiculoDetalleModal({ id, onDismiss, onEdit }: { id: string; onDismiss: () => void; onEdit: () => void }) {
  const query = useVehiculo(id);
  const detalle = query.data;
  const v = detalle?.vehiculo;

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={<Header description={v ? `${v.placas} · ${v.marca} ${v.modelo}` : undefined}>Detalles completos del vehículo</Header>}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              Cerrar
            </Button>
            <Button onClick={onEdit} disabled={!v}>
              Actualizar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {query.isPending ? (
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> Cargando vehículo...
        </Box>
      ) : !detalle || !v ? (
        <SpaceBetween size="xs" direction="horizontal" alignItems="center">
          <StatusText type="error">{errorMessage(query.error)}</StatusText>
          <Reintentar consulta={query} />
        </SpaceBetween>
      ) : (
        <SpaceBetween size="l">
          <ul className="vehicle-photos" aria-label="Fotos del vehículo">
            {FOTOS_VEHICULO.map((slot) => (
              <li key={slot}>
                <figure>
                  {detalle.archivos.fotos[slot] ? (
                    // The thumbnail is cropped: the whole photo opens in a new tab.
                    <a href={detalle.archivos.fotos[slot]} target="_blank" rel="noopener noreferrer" title="Ver la foto completa en otra pestaña">
                      <SafeImage src={detalle.archivos.fotos[slot]} alt={`${FOTO_LABELS[slot]} del vehículo ${v.placas}`} />
                    </a>
                  ) : (
                    <SafeImage src={null} alt={`${FOTO_LABELS[slot]} del vehículo ${v.placas}`} />
                  )}
                  <figcaption>{detalle.archivos.fotos[slot] ? FOTO_LABELS[slot] : `${FOTO_LABELS[slot]} (sin foto)`}</figcaption>
                </figure>
              </li>
            ))}
          </ul>

          <Section title="Información básica">
            <Pares
              columns={3}
              items={[
                pair(v, 'placas'),
                pair(v, 'marca'),
                pair(v, 'modelo'),
                pair(v, 'tipo', textoTipoVehiculo(v.tipo)),
                pair(v, 'capacidad', `${v.capacidad} pasajeros`),
                pair(v, 'color'),
                pair(v, 'numeroInterno'),
                { label: 'Código', value: v.codigo },
                { label: 'Estado', value: <EstadoBadge validado={v.validado} /> },
                { label: 'Características', value: amenidades(v) },
                { label: 'Viajes realizados', value: String(v.viajesRealizados) },
                { label: 'Registrado', value: formatDateTime(v.fechaCreacion) },
              ]}
            />
          </Section>

          <Section title="Propietario e información bancaria">
            <Pares
              columns={3}
              items={[pair(v, 'propietario'), pair(v, 'rut', normalizarRut(v.rut)), pair(v, 'banco', textoBanco(v.banco)), pair(v, 'tipocuenta', textoTipoCuenta(v.tipocuenta) || '—'), pair(v, 'cuenta'), pair(v, 'titular'), ...(v.cuentaCambiada ? [{ label: 'Datos bancarios cambiados', value: `${formatDateTime(v.cuentaCambiada.en)} (${v.cuentaCambiada.por})` }] : [])]}
            />
          </Section>

          <Section title="Conductor">
            <Pares
              columns={3}
              items={[
                pair(v, 'nombre'),
                pair(v, 'cedula'),
                pair(v, 'email', <Correo valor={v.email} />),
                // Not 'Cuenta del conductor': in the payment lists that is the driver's bank account.
                { label: 'Acceso a la app de conductores', value: <CuentaConductor v={v} estado={detalle.cuentaConductor} /> },
                pair(v, 'telefono'),
                pair(v, 'direccion'),
                pair(v, 'ciudad', textoCiudad(v.ciudad)),
                pair(v, 'licenciaDeConducir'),
              ]}
            />
          </Section>

          <Section title="Documentación">
            <SpaceBetween size="m">
              <Pares
                columns={3}
                items={[
                  pair(v, 'soat'),
                  pair(v, 'numeroRevisionTecnica'),
                  pair(v, 'tarjetaOperacion'),
                  pair(v, 'licencia'),
                  ...vencimientosDe(v).map((d) => ({
                    label: `Vencimiento: ${d.nombre}`,
                    value: (
                      <SpaceBetween size="xxxs">
                        <span>{d.fecha ? formatCalendarDate(d.fecha) : '—'}</span>
                        <StatusText type={TIPO_INDICADOR[d.nivel]}>{d.texto}</StatusText>
                      </SpaceBetween>
                    ),
                  })),
                ]}
              />
              <ColumnLayout columns={4} minColumnWidth={160}>
                {(['soat', 'licenciaConducir', 'tarjetaPropiedad', 'rut'] as const).map((doc) => (
                  <DocumentLink key={doc} href={detalle.archivos.documentos[doc]} label={DOCUMENTO_LABELS[doc]} />
                ))}
              </ColumnLayout>
            </SpaceBetween>
          </Section>
          {v.updatedAt && (
            <Box variant="small" color="text-body-secondary">
              Última actualización: {formatDateTime(v.updatedAt)}
            </Box>
          )}
        </SpaceBetween>
      )}
    </Modal>
  );
}


/** A stored document opens in a new tab through its short-lived link. */
function DocumentLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return <StatusText type="stopped">{`${label}: sin archivo`}</StatusText>;
  return (
    <Link href={href} external externalIconAriaLabel="(se abre en una pestaña nueva)">
      {`Ver ${label}`}
    </Link>
  );
}

function amenidades(v: Vehiculo): string {
  const list = (Object.keys(AMENIDADES) as Amenidad[]).filter((k) => v[k]).map((k) => AMENIDADES[k]);
  return list.length ? list.join(', ') : 'Ninguna registrada';
}

/**
 * Whether the driver has signed in to the drivers' app. Until then the invitation (a temporary password
 * that lasts INVITACION_DIAS days) can be sent again from here.
 */
function CuentaConductor({ v, estado }: { v: Vehiculo; estado: VehiculoDetalle['cuentaConductor'] }) {
  const reenviar = useReenviarInvitacion(v.id);
  if (estado === 'activa') return <StatusText type="success">Activa</StatusText>;
  if (estado === 'sin-cuenta') return <StatusText type="stopped">Sin cuenta</StatusText>;
  if (estado === 'desactivada') return <StatusText type="stopped">Desactivada</StatusText>;
  if (!estado) return <>—</>;
  const enviada = v.invitacionEn ?? v.fechaCreacion;
  const vence = new Date(Date.parse(enviada) + INVITACION_DIAS * 86_400_000);
  return (
    <SpaceBetween size="xxs">
      <StatusText type="warning">Sin activar</StatusText>
      <Box variant="small">El conductor aún no entra a la aplicación de conductores con su contraseña temporal.</Box>
      {/* The date and time kept whole: a narrow column broke "a. m." in two. */}
      <Box variant="small">
        Invitación enviada el <span className="nowrap">{formatDateTime(enviada)}</span>
      </Box>
      <Box variant="small">
        La contraseña temporal {vence.getTime() > Date.now() ? 'vence' : 'venció'} el <span className="nowrap">{formatDateTime(vence.toISOString())}</span>
      </Box>
      <Button variant="inline-link" loading={reenviar.isPending} onClick={() => reenviar.mutate()} ariaLabel={`Reenviar invitación a ${v.email}`}>
        Reenviar invitación
      </Button>
      <div aria-live="polite">
        {reenviar.isSuccess && <StatusText type="success">{reenviar.data.mensaje}</StatusText>}
        {/* Sent minutes ago: nothing wrong, only a wait. */}
        {reenviar.isError && <StatusText type={errorMessage(reenviar.error) === VEHICULO_MSG.invitacionReciente ? 'info' : 'error'}>{errorMessage(reenviar.error)}</StatusText>}
      </div>
    </SpaceBetween>
  );
}
