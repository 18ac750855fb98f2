import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ServicioDetalle } from '@shared/schemas/mapa.js';
import { ServicioDetalleModal } from './servicio-detalle-modal.js';

const OfertaModal = lazy(() => import('./oferta-modal.js').then((m) => ({ default: m.OfertaModal })));
const AsignarVehiculoModal = lazy(() => import('./asignar-vehiculo-modal.js').then((m) => ({ default: m.AsignarVehiculoModal })));
const FuecModal = lazy(() => import('./fuec-modal.js').then((m) => ({ default: m.FuecModal })));

/**
 * A service's detail dialog and the steps it opens (offer, vehicle assignment, FUEC), one at a time:
 * the detail hides while a step is open and comes back, re-read, when the step closes. Used by the
 * map and the reservations list.
 */
export function ServicioDialogs({ id, onClose }: { id: string | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [oferta, setOferta] = useState<ServicioDetalle | null>(null);
  const [asignacion, setAsignacion] = useState<ServicioDetalle | null>(null);
  const [fuec, setFuec] = useState<ServicioDetalle | null>(null);
  // Which service a step was opened from: its detail, shown again, gives the focus to the next step.
  const [pasoDe, setPasoDe] = useState<string | null>(null);
  const abrirPaso = (abrir: (s: ServicioDetalle) => void) => (s: ServicioDetalle) => {
    setPasoDe(s.id);
    abrir(s);
  };
  return (
    <>
      <ServicioDetalleModal
        id={oferta || asignacion || fuec ? null : id}
        trasUnPaso={!!id && pasoDe === id}
        onClose={() => {
          setPasoDe(null);
          onClose();
        }}
        onOffer={abrirPaso(setOferta)}
        onAssign={abrirPaso(setAsignacion)}
        onFuec={abrirPaso(setFuec)}
      />
      {fuec && (
        <Suspense fallback={null}>
          <FuecModal
            servicio={fuec}
            onClose={() => setFuec(null)}
            onDone={() => {
              // docs/spec/02.md section 2.5: on to the reservations.
              setFuec(null);
              onClose();
              navigate('/panel-control/reservaciones');
            }}
          />
        </Suspense>
      )}
      {asignacion && (
        <Suspense fallback={null}>
          <AsignarVehiculoModal servicio={asignacion} onClose={() => setAsignacion(null)} />
        </Suspense>
      )}
      {oferta && (
        <Suspense fallback={null}>
          <OfertaModal
            servicio={oferta}
            onClose={() => setOferta(null)}
            onSent={() => {
              // docs/spec/02.md section 4.4: back to the map.
              setOferta(null);
              onClose();
              navigate('/panel-control/monitor-map');
            }}
          />
        </Suspense>
      )}
    </>
  );
}
