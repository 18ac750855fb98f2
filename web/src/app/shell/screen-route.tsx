import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../../components/loading-screen.js';
import { MeLoadError } from '../../components/me-load-error.js';
import { useMe } from '../../lib/me/get-me.js';
import { readStoredUsuario } from '../../lib/me/stored-usuario.js';
import { useFollow } from '../../lib/navigation.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { gateHint, isForEveryone, isLocked, maySee, panelPath, screenAt, viewerDe, type PanelRole, type PanelScreen, type Viewer } from '../screens.js';

const AUDIENCE: Record<PanelRole, string> = {
  admin: 'los administradores de la empresa',
  user: 'el personal de la empresa',
  plataforma: 'el personal de la plataforma',
};

/** Who may open it, in words; admins are company staff too, so both read as the company's staff. */
function audience(roles: readonly PanelRole[]): string {
  const named = roles.includes('admin') && roles.includes('user') ? roles.filter((r) => r !== 'admin') : roles;
  return named.map((role) => AUDIENCE[role]).join(' y ');
}

function Closed({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SpaceBetween size="l">
      <Header variant="h1">{title}</Header>
      {children}
    </SpaceBetween>
  );
}

function NoPermission({ roles }: { roles: readonly PanelRole[] }) {
  return (
    <Container>
      <Box textAlign="center" padding={{ vertical: 'l' }}>
        <SpaceBetween size="s">
          <Box variant="h2" tagOverride="p">
            No tienes permiso para ver esta sección
          </Box>
          <Box variant="p" color="text-body-secondary">
            Esta sección es solo para {audience(roles)}.
          </Box>
        </SpaceBetween>
      </Box>
    </Container>
  );
}

function Locked({ viewer }: { viewer: Viewer }) {
  const follow = useFollow();
  const perfil = screenAt('perfil');
  return (
    <Alert
      type="warning"
      header="Completa tu perfil"
      action={
        <Button href={panelPath('perfil')} onFollow={follow}>
          Ir a {perfil.menuLabel ?? perfil.title}
        </Button>
      }
    >
      {gateHint(viewer)} para usar esta sección.
    </Alert>
  );
}

/**
 * One panel route: names the tab, then shows the screen, or why it is closed. The same rules as the
 * menus, so a typed address never opens what the menu keeps closed.
 */
export function ScreenRoute({ screen }: { screen: PanelScreen }) {
  useDocumentTitle(screen.title);
  const { data: me, isPending, refetch, isRefetching } = useMe();
  const Screen = screen.component;
  const open = <Screen title={screen.title} />;

  // The profile must open even when `/me` fails: it words that failure itself. Screens for everyone open
  // without waiting for `/me` when its stored copy says who this is (their wording differs for staff).
  if (isForEveryone(screen) && !screen.gated && (me || !isPending || readStoredUsuario())) return open;
  if (!me && isPending) return <LoadingScreen />;
  if (!me)
    return (
      <Closed title={screen.title}>
        <MeLoadError onRetry={() => void refetch()} retrying={isRefetching} />
      </Closed>
    );
  if (!maySee(screen, me.groups))
    return (
      <Closed title={screen.title}>
        <NoPermission roles={screen.roles} />
      </Closed>
    );
  if (isLocked(screen, me))
    return (
      <Closed title={screen.title}>
        <Locked viewer={viewerDe(me)} />
      </Closed>
    );
  return open;
}
