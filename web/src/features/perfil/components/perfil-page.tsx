import Alert from '@cloudscape-design/components/alert';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MeResponse } from '@shared/schemas/empresa.js';
import { PERFIL_MSG } from '@shared/schemas/messages.js';
import { DEFAULT_AVATAR_URL } from '../../../components/avatar.js';
import { LoadingScreen } from '../../../components/loading-screen.js';
import { MeLoadError } from '../../../components/me-load-error.js';
import { DEFAULT_PHOTO_URL } from '../../../components/safe-image.js';
import { canEditEmpresa, useMe } from '../../../lib/me/get-me.js';
import { FotosCorporativas } from './fotos-corporativas.js';
import { PhotoField } from './photo-field.js';
import { PerfilForm } from './perfil-form.js';
import { AvisosVencimiento } from './avisos-vencimiento.js';

/** What is still missing before the gated menu entries open (docs/spec/01.md section 4), in words. */
function missingSteps({ usuario, empresa, ...me }: MeResponse): string[] {
  const admin = canEditEmpresa({ usuario, empresa, ...me });
  const steps: string[] = [];
  if (admin && (!usuario.perfil || (empresa && !empresa.perfil)))
    steps.push('Completa los datos del formulario y pulsa Guardar cambios.');
  if (!admin && !usuario.perfil) steps.push('Completa tus datos personales y pulsa Guardar cambios.');
  // Marketplace staff have no company: only their personal part applies.
  if (!empresa) return steps;
  // Staff cannot do the company's part: they are told whom to ask, not to do it.
  if (!admin && !empresa.perfil) steps.push('Pide a un administrador de tu empresa que complete los datos de la empresa.');
  if (!empresa.fotosCorporativas[0])
    steps.push(admin ? 'Agrega al menos una foto corporativa.' : 'Pide a un administrador de tu empresa que agregue al menos una foto corporativa.');
  return steps;
}

function CompanyImages({ me }: { me: MeResponse }) {
  const admin = canEditEmpresa(me);
  return (
    <Container header={<Header variant="h2">Imágenes</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} variant="text-grid">
          <PhotoField
            kind="fotoPerfil"
            label="Foto de perfil"
            description="Máximo 1MB. JPEG, PNG, GIF o WEBP."
            buttonText="Cambiar foto de perfil"
            url={me.archivos.fotoPerfil}
            fallback={DEFAULT_AVATAR_URL}
            round
            editable
          />
          {me.empresa && (
            <PhotoField
              kind="logo"
              label="Logo de la empresa"
              description="Máximo 1MB. Tamaño recomendado: 500x500 px (JPEG)."
              buttonText="Cambiar logo"
              url={me.archivos.logo}
              fallback={DEFAULT_PHOTO_URL}
              editable={admin}
            />
          )}
        </ColumnLayout>
        {me.empresa && <FotosCorporativas keys={me.empresa.fotosCorporativas} urls={me.archivos.fotosCorporativas} editable={admin} />}
      </SpaceBetween>
    </Container>
  );
}

/** `/panel-control/perfil` ('Cuenta'): the company images block plus the profile form (docs/spec/01.md). */
export function PerfilPage({ title }: { title: string }) {
  const { data: me, isPending, refetch, isRefetching } = useMe();

  // A failed refetch keeps the data it had: only a screen without data shows the error.
  if (!me && isPending) return <LoadingScreen />;
  if (!me)
    return (
      <MeLoadError header={PERFIL_MSG.errorCarga} onRetry={() => void refetch()} retrying={isRefetching} />
    );

  const steps = me.perfilCompleto ? [] : missingSteps(me);
  return (
    <SpaceBetween size="l">
      {/* Staff have no company, nor images the clients see: their own data only. */}
      <Header variant="h1" description={me.empresa ? 'Tus datos, los de tu empresa y las imágenes que ven los clientes' : 'Tus datos y tu foto de perfil'}>
        {title}
      </Header>
      {steps.length > 0 && (
        <Alert type="info" header="Completa tu perfil para usar el Panel de Control">
          <ul className="plain-steps">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </Alert>
      )}
      <CompanyImages me={me} />
      <PerfilForm me={me} />
      {(me.usuario.role === 'admin' || me.usuario.role === 'plataforma') && <AvisosVencimiento me={me} />}
    </SpaceBetween>
  );
}
