import ColumnLayout from '@cloudscape-design/components/column-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/** A titled part of the vehicle form or details; `columns` lays its fields out in a grid. */
export function Section({ title, description, columns, children }: { title: string; description?: string; columns?: number; children: ReactNode }) {
  return (
    <SpaceBetween size="s">
      <Header variant="h3" description={description}>
        {title}
      </Header>
      {columns ? (
        <ColumnLayout columns={columns} minColumnWidth={220}>
          {children}
        </ColumnLayout>
      ) : (
        children
      )}
    </SpaceBetween>
  );
}
