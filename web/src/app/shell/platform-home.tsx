import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMe } from '../../lib/me/get-me.js';
import { useFollow } from '../../lib/navigation.js';
// The registry loads this page lazily (screens.ts), so reading it here is no init-time cycle.
// eslint-disable-next-line import-x/no-cycle
import { screenAt, screenHref, type ScreenPath, type ScreenProps } from '../screens.js';

/** The marketplace staff's work, grouped as they do it (docs/product.md "Who uses it"). */
const SECTIONS: { title: string; description: string; screens: { path: ScreenPath; what: string }[] }[] = [
  {
    title: 'Proveedores',
    description: 'Conductores, guías y operadores turísticos que esperan validación.',
    screens: [
      { path: 'usuarios', what: 'Resumen y listas de todos los proveedores' },
      { path: 'conductores-por-validar', what: 'Conductores con fotos y documentos por revisar' },
      { path: 'guias-por-validar', what: 'Guías con documentos por revisar' },
      { path: 'operadores-nuevos', what: 'Operadores turísticos recién registrados' },
    ],
  },
  {
    title: 'Pagos de clientes',
    description: 'Confirma los pagos de las reservas para que pasen a las empresas.',
    screens: [
      { path: 'validarEpayco', what: 'Pagos con tarjeta por ePayco' },
      { path: 'validarTransferencia', what: 'Pagos por transferencia bancaria' },
    ],
  },
  {
    title: 'Pagos a conductores',
    description: 'Registra los anticipos, los saldos y las recompensas pagadas.',
    screens: [
      { path: 'anticipos', what: 'Anticipos de viajes con FUEC' },
      { path: 'saldos', what: 'Saldos de viajes finalizados' },
      { path: 'recompensas', what: 'Vehículos referidos con 30 viajes o más' },
    ],
  },
  {
    title: 'Servicios',
    description: 'Los servicios de todas las empresas, por estado.',
    screens: [
      { path: 'lista-de-reservas', what: 'Reservas publicadas' },
      { path: 'servicios-en-curso', what: 'Viajes iniciados' },
      { path: 'viajes-confirmados', what: 'Viajes con vehículo y FUEC' },
      { path: 'viajes-finalizados', what: 'Viajes terminados' },
      { path: 'historial', what: 'Todo lo anterior' },
    ],
  },
];

/** Where marketplace staff land: no company profile to complete, their sections one click away. */
export function PlatformHome({ title }: ScreenProps) {
  const follow = useFollow();
  const { data: me } = useMe();
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={me ? `Hola, ${me.usuario.nombres}. Esto es lo que atiende el personal de la plataforma.` : undefined}>
          {title}
        </Header>
      }
    >
      <ColumnLayout columns={2}>
        {SECTIONS.map((section) => (
          <Container key={section.title} header={<Header variant="h2" description={section.description}>{section.title}</Header>}>
            <SpaceBetween size="s">
              {section.screens.map(({ path, what }) => {
                const screen = screenAt(path);
                return (
                  <div key={path}>
                    <Link href={screenHref(screen)} onFollow={follow} variant="primary">
                      {screen.title}
                    </Link>
                    <Box variant="small" display="block" color="text-body-secondary">
                      {what}
                    </Box>
                  </div>
                );
              })}
            </SpaceBetween>
          </Container>
        ))}
      </ColumnLayout>
    </ContentLayout>
  );
}
