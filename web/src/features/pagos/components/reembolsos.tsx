import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { type CobroPorReembolsarFila } from '@shared/schemas/pagos.js';
import { EPAYCO_MSG } from '@shared/schemas/messages-pagos.js';
import { useDescarte } from '../../../components/descarte.js';
import { ListaPaginada, type Columna, type ColumnaCsv } from '../../../components/lista-paginada.js';
import { ANCHO } from '../../../lib/anchos.js';
import { Fecha } from '../../../components/fecha.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime } from '../../../lib/format.js';
import { toast } from '../../../lib/toast.js';
import { fechaHoraEnBogota, hoyEnBogota } from '@shared/domain/vencimientos.js';
import { useEsTelefono } from '../../../lib/use-es-telefono.js';
import { FUENTES, useReembolsarCobro } from '../api/pagos.js';
import { DetallePagoModal } from './detalle-pago-modal.js';
import { FormularioPago } from './formulario-pago.js';
import { valorCobro } from './comunes.js';

const CSV_COBROS: ColumnaCsv<CobroPorReembolsarFila>[] = [
  { titulo: 'Cobrado el', valor: (f) => fechaHoraEnBogota(f.at) },
  { titulo: 'Cliente', valor: (f) => f.cliente },
  { titulo: 'Empresa', valor: (f) => f.nombreEmpresaAliada },
  { titulo: 'Servicio', valor: (f) => f.servicioId },
  { titulo: 'Valor', valor: (f) => f.monto },
  { titulo: 'Moneda', valor: (f) => f.moneda },
  { titulo: 'Referencia', valor: (f) => f.referencia },
  { titulo: 'Motivo', valor: (f) => f.motivo },
];

/**
 * 'Cobros de ePayco por reembolsar' (beyond the spec), under 'Pagos Epayco por validar': accepted
 * charges that did not apply to their reservation (a second charge, one after a cancellation, another
 * amount). Staff refund each from ePayco's panel and register it here; it then leaves the list.
 */
export function CobrosPorReembolsarLista({ contador }: { contador?: number }) {
  const [reembolsando, setReembolsando] = useState<CobroPorReembolsarFila | null>(null);
  const [detalle, setDetalle] = useState<string | null>(null);
  const telefono = useEsTelefono();
  const columnas: Columna<CobroPorReembolsarFila>[] = [
    { id: 'at', header: 'Cobrado', minWidth: ANCHO.fecha, cell: (f) => <Fecha valor={f.at} /> },
    {
      id: 'cliente',
      header: 'Cliente',
      minWidth: ANCHO.nombre,
      peso: 1.5,
      isRowHeader: true,
      // A phone shows client and actions: the charge (value, reference, why it did not apply) goes under the client.
      cell: (f) =>
        telefono ? (
          <>
            <Box fontWeight="bold">{f.cliente || '—'}</Box>
            <Box variant="small" display="block">{`${valorCobro(f)} · ${f.referencia}`}</Box>
            <Box variant="small" display="block" color="text-body-secondary">
              {f.motivo}
            </Box>
          </>
        ) : (
          f.cliente || '—'
        ),
    },
    { id: 'empresa', header: 'Empresa', minWidth: ANCHO.nombre, cell: (f) => f.nombreEmpresaAliada || '—' },
    { id: 'valor', header: 'Valor', cell: (f) => <span className="nowrap">{valorCobro(f)}</span> },
    { id: 'referencia', header: 'Referencia', cell: (f) => f.referencia },
    { id: 'motivo', header: 'Por qué no se aplicó', peso: 2, cell: (f) => f.motivo },
    {
      id: 'acciones',
      header: 'Acciones',
      cell: (f) => (
        <SpaceBetween size="xxs">
          {/* Each name starts with the words the button shows, on a phone its shorter ones (WCAG 2.5.3; issue 47). */}
          <Button variant="inline-link" ariaLabel={`${telefono ? 'Reembolsar' : 'Registrar reembolso de'} ${valorCobro(f)} a ${f.cliente}, ${f.referencia}`} onClick={() => setReembolsando(f)}>
            <span className="sin-corte">{telefono ? 'Reembolsar' : 'Registrar reembolso'}</span>
          </Button>
          <Button variant="inline-link" ariaLabel={`Ver servicio del cobro ${f.referencia}`} onClick={() => setDetalle(f.servicioId)}>
            <span className="sin-corte">Ver servicio</span>
          </Button>
        </SpaceBetween>
      ),
    },
  ];
  return (
    <>
      <ListaPaginada
        variant="borderless"
        titulo={EPAYCO_MSG.tituloPorReembolsar}
        contador={contador}
        descripcion="Cobros aceptados por ePayco que no se aplicaron a su reserva. Reembólsalos desde el panel de ePayco y registra aquí el reembolso."
        fuente={FUENTES.cobrosPorReembolsar()}
        columnas={columnas}
        vacio={EPAYCO_MSG.sinPorReembolsar}
        sinCoincidencias="Ningún cobro coincide con la búsqueda"
        buscarPor="Buscar por referencia, cliente, empresa o servicio"
        csv={{ nombre: 'cobros-por-reembolsar', columnas: CSV_COBROS }}
        enTelefono={['cliente', 'acciones']}
      />
      <ReembolsoModal cobro={reembolsando} onClose={() => setReembolsando(null)} />
      <DetallePagoModal id={detalle} accion={null} onClose={() => setDetalle(null)} />
    </>
  );
}

function ReembolsoModal({ cobro, onClose }: { cobro: CobroPorReembolsarFila | null; onClose: () => void }) {
  const reembolsar = useReembolsarCobro();
  const descarte = useDescarte(onClose, 'Los datos del reembolso que escribiste no se guardarán.');
  return (
    <Modal
      visible={!!cobro}
      onDismiss={descarte.pedirCierre}
      header={<Header variant="h2" description={cobro ? `${cobro.cliente} · ${cobro.referencia} · cobrado el ${formatDateTime(cobro.at)}` : undefined}>Registrar reembolso</Header>}
    >
      {descarte.pregunta}
      {cobro &&
        descarte.con(
          <SpaceBetween size="s">
            <Box>{`Devuelve ${valorCobro(cobro)} al cliente desde el panel de ePayco (o por transferencia) y registra aquí el día y la referencia de la devolución.`}</Box>
            <FormularioPago
              titulo={`Reembolso de ${valorCobro(cobro)}`}
              reembolso
              enfocar
              desde={hoyEnBogota(new Date(cobro.at))}
              enviando={reembolsar.isPending}
              onCancelar={descarte.pedirCierre}
              onEnviar={async (datos) => {
                try {
                  await reembolsar.mutateAsync({ ref: cobro.id, body: { fecha: datos.fecha, referencia: datos.referencia, comprobante: datos.comprobante } });
                  toast.success(EPAYCO_MSG.reembolsoRegistrado(valorCobro(cobro), cobro.cliente || 'el cliente'));
                  onClose();
                } catch (err) {
                  toast.error(errorMessage(err));
                  // Already registered by someone else: closed, so the refreshed list shows it gone.
                  if (errorMessage(err) === EPAYCO_MSG.yaReembolsado) onClose();
                }
              }}
            />
          </SpaceBetween>,
        )}
    </Modal>
  );
}
