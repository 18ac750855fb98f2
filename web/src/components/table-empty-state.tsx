import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/** What every list shows with no rows: why, and what to do next (Cloudscape's empty-state pattern). */
export function TableEmptyState({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 's' }}>
      <SpaceBetween size="xs">
        <Box variant="strong" color="inherit">
          {title}
        </Box>
        {subtitle && (
          <Box variant="p" color="inherit">
            {subtitle}
          </Box>
        )}
        {action}
      </SpaceBetween>
    </Box>
  );
}

/** A search that matched no row: said the same in every list, with the way back to all of them. */
export function SinCoincidencias({ titulo, onBorrar }: { titulo: string; onBorrar: () => void }) {
  return <TableEmptyState title={titulo} action={<Button onClick={onBorrar}>Borrar búsqueda</Button>} />;
}
